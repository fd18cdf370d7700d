/*
 * Names by naming tradition, spelled as the person's own documents print them (diacritics kept):
 * the MRZ transliteration and the readers' name folding are what these exist to exercise.
 * Polish surnames are listed in the masculine form; people.ts derives the feminine -ska/-cka.
 */
export const NAMING_TRADITIONS = [
  "english",
  "spanish",
  "arabic",
  "persian",
  "chinese",
  "vietnamese",
  "polish",
  "german",
  "nordic",
  "irish",
  "nigerian",
  "indian",
  "portuguese-long",
] as const;
export type NamingTradition = (typeof NAMING_TRADITIONS)[number];

export interface NameList {
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
  /** How many surnames a person carries (Spanish: paternal and maternal). */
  surnameCount: [number, number];
  /** How many given names. */
  givenCount: [number, number];
  /** Nationalities a person of this tradition is drawn from (the first is the most likely). */
  nationalities: readonly string[];
}

export const NAMES: Record<NamingTradition, NameList> = {
  english: {
    male: ["Oliver", "Harry", "George", "Jack", "Thomas", "William", "James", "Edward", "Benedict", "Alfie", "Christopher", "Nathaniel"],
    female: ["Amelia", "Isla", "Charlotte", "Emily", "Olivia", "Sophie", "Elizabeth", "Anne", "Gwendolyn", "Harriet", "Poppy", "Zoë"],
    surnames: ["Smith", "Jones", "Williams", "Taylor", "Brown", "Davies", "Evans", "Wilson", "Worthington", "Ashworth-Whitaker", "Smith-Jones", "Fortescue-Brickdale", "Thompson", "Wright", "Featherstonehaugh", "Bowes-Lyon"],
    surnameCount: [1, 1],
    givenCount: [1, 3],
    nationalities: ["GBR", "GBR", "GBR", "USA", "CAN", "AUS", "NZL"],
  },
  spanish: {
    male: ["José", "Luis", "Juan", "Javier", "Íñigo", "Álvaro", "Sergio", "Andrés", "Jesús", "Ramón"],
    female: ["María", "Carmen", "Ana", "Sofía", "Lucía", "Begoña", "Inmaculada", "Pilar", "Nuria", "Ángeles"],
    surnames: ["García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Jiménez", "Muñoz", "Álvarez", "Núñez", "Ibáñez", "Peña", "Castaño", "de la Fuente", "Echeverría"],
    surnameCount: [2, 2],
    givenCount: [1, 2],
    nationalities: ["ESP", "ESP", "MEX", "ARG", "COL", "CHL"],
  },
  arabic: {
    male: ["Mohammed", "Ahmed", "Omar", "Youssef", "Khaled", "Abdul Rahman", "Hassan", "Tariq", "Saeed", "Abdelaziz"],
    female: ["Fatima", "Aisha", "Layla", "Nour", "Mariam", "Huda", "Yasmin", "Salma", "Rania", "Khadija"],
    surnames: ["Al-Sayed", "Haddad", "Mansour", "Abdullah", "El-Masri", "Nasser", "Khalil", "Ibrahim", "Al Farsi", "Hussein", "Bin Laden-Rashid", "Al-Qahtani", "Benali"],
    surnameCount: [1, 1],
    givenCount: [1, 2],
    nationalities: ["EGY", "MAR", "JOR", "SAU", "ARE", "GBR", "FRA"],
  },
  persian: {
    male: ["Reza", "Ali", "Mehdi", "Amir Hossein", "Dariush", "Kourosh", "Mohammad Javad", "Farhad"],
    female: ["Maryam", "Zahra", "Shirin", "Parisa", "Nasrin", "Fereshteh", "Golnaz", "Roya"],
    surnames: ["Hosseini", "Mohammadi", "Rezaei", "Ahmadi", "Karimi", "Moradi", "Tehrani", "Ghorbani", "Esfahani", "Jafarzadeh", "Mousavi-Khorasani"],
    surnameCount: [1, 1],
    givenCount: [1, 1],
    nationalities: ["IRN", "IRN", "GBR", "DEU", "CAN", "USA"],
  },
  chinese: {
    male: ["Wei", "Jianguo", "Haoran", "Mingzhe", "Qiang", "Lei", "Zhiwei", "Yuxuan", "Junjie", "Zihao"],
    female: ["Fang", "Xiaoming", "Xinyi", "Jiayi", "Jing", "Yan", "Hui", "Shuang", "Yuqing", "Lüqian"],
    surnames: ["Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun", "Ma", "Zhu", "Guo", "Lü", "Ouyang", "Zheng"],
    surnameCount: [1, 1],
    givenCount: [1, 1],
    nationalities: ["CHN", "CHN", "CHN", "SGP", "GBR", "CAN", "AUS"],
  },
  vietnamese: {
    male: ["Văn Minh", "Đức Anh", "Quang Huy", "Hoàng Long", "Thành Đạt", "Minh Tuấn"],
    female: ["Thị Lan", "Thị Thu Hương", "Ngọc Ánh", "Thị Mai", "Phương Thảo", "Thùy Dung"],
    surnames: ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Phan", "Vũ", "Đặng", "Bùi", "Đỗ", "Hồ", "Ngô"],
    surnameCount: [1, 1],
    givenCount: [1, 1],
    nationalities: ["VNM", "VNM", "VNM", "AUS", "USA", "FRA"],
  },
  polish: {
    male: ["Łukasz", "Wojciech", "Paweł", "Grzegorz", "Krzysztof", "Michał", "Jędrzej", "Przemysław"],
    female: ["Małgorzata", "Katarzyna", "Zofia", "Agnieszka", "Józefa", "Bożena", "Grażyna", "Jadwiga"],
    surnames: ["Kowalski", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak", "Dąbrowski", "Kozłowski", "Łukasiewicz", "Żak", "Brzęczyszczykiewicz", "Sienkiewicz"],
    surnameCount: [1, 1],
    givenCount: [1, 2],
    nationalities: ["POL", "POL", "POL", "GBR", "DEU", "IRL"],
  },
  german: {
    male: ["Jürgen", "Günther", "Jörg", "Maximilian", "Hans-Peter", "Klaus", "Lukas", "Björn", "Matthäus"],
    female: ["Käthe", "Anneliese", "Lena", "Ute", "Jana", "Marie-Luise", "Bärbel", "Hannelore", "Sophie"],
    surnames: ["Müller", "Schröder", "Groß", "Weiß", "Schäfer", "Köhler", "Krüger", "Hoffmann", "Schmidt", "Fuchs", "Meißner", "von Bülow", "Oberhäußer", "Schwarzenegger"],
    surnameCount: [1, 1],
    givenCount: [1, 2],
    nationalities: ["DEU", "DEU", "DEU", "AUT", "CHE", "NLD"],
  },
  nordic: {
    male: ["Björn", "Søren", "Ørjan", "Kjell", "Mikael", "Åke", "Þórður", "Jóhann", "Magnús", "Eskil"],
    female: ["Åsa", "Sigríður", "Þórunn", "Signe", "Ingrid", "Märta", "Sølvi", "Guðrún", "Liv", "Ærøe"],
    surnames: ["Andersson", "Johansson", "Sørensen", "Ødegård", "Åberg", "Lindqvist", "Bjørnstad", "Hægstad", "Þórsdóttir", "Guðmundsson", "Nyström", "Kjærsgaard"],
    surnameCount: [1, 1],
    givenCount: [1, 2],
    nationalities: ["SWE", "NOR", "DNK", "ISL", "FIN"],
  },
  irish: {
    male: ["Seán", "Pádraig", "Ciarán", "Eoin", "Darragh", "Oisín", "Tadhg", "Diarmuid"],
    female: ["Siobhán", "Aoife", "Niamh", "Róisín", "Orla", "Caoimhe", "Saoirse", "Gráinne"],
    surnames: ["O'Brien", "O'Sullivan", "Mac Giolla Phádraig", "Ó Súilleabháin", "McCarthy", "Ní Bhriain", "Fitzgerald", "Walsh", "O'Donoghue", "Kelly", "Ó Ceallaigh", "D'Arcy"],
    surnameCount: [1, 1],
    givenCount: [1, 2],
    nationalities: ["IRL", "IRL", "IRL", "GBR", "USA"],
  },
  nigerian: {
    male: ["Oluwaseun", "Emeka", "Chukwuemeka", "Babatunde", "Oluwadamilare", "Ikechukwu", "Adebayo", "Tunde"],
    female: ["Chidinma", "Ngozi", "Folasade", "Adaeze", "Oluwakemi", "Chiamaka", "Yetunde", "Funmilayo"],
    surnames: ["Okonkwo", "Adeyemi", "Okafor", "Nwachukwu", "Olawale", "Eze", "Ogunleye", "Abubakar", "Oyelaran-Adebowale", "Chukwuma"],
    surnameCount: [1, 1],
    givenCount: [1, 2],
    nationalities: ["NGA", "NGA", "NGA", "GBR", "USA"],
  },
  indian: {
    male: ["Lakshminarayanan", "Venkatesh", "Arjun", "Rahul", "Sathyanarayana", "Rajesh Kumar", "Siddharth", "Aravind"],
    female: ["Priya", "Lakshmi", "Ananya", "Deepika", "Sivasankari", "Meenakshisundari", "Kavya", "Sunita"],
    surnames: ["Subramanian", "Venkataraghavan", "Sharma", "Patel", "Krishnamurthy", "Reddy", "Gupta", "Chattopadhyay", "Iyer", "Balasubramaniam", "Singh"],
    surnameCount: [1, 1],
    givenCount: [1, 2],
    nationalities: ["IND", "IND", "IND", "GBR", "USA", "CAN"],
  },
  "portuguese-long": {
    male: ["João", "Luís", "Sebastião", "Gonçalo", "Afonso", "Duarte", "Tomás", "Bernardo"],
    female: ["Conceição", "Ana", "Beatriz", "Leopoldina", "Margarida", "Inês", "Carolina", "Aparecida"],
    surnames: ["de Albuquerque", "Cavalcanti", "Vasconcelos", "Bragança", "dos Santos", "Magalhães", "de Oliveira", "Figueiredo", "Sampaio", "da Conceição"],
    surnameCount: [3, 4],
    givenCount: [3, 4],
    nationalities: ["PRT", "PRT", "BRA", "BRA", "FRA"],
  },
};

/** Cities of birth by issuing country, as the VIZ prints them. */
export const PLACES_OF_BIRTH: Record<string, readonly string[]> = {
  GBR: ["LONDON", "MANCHESTER", "BIRMINGHAM", "GLASGOW", "CARDIFF", "BELFAST", "LEEDS", "YORK"],
  IRL: ["DUBLIN", "CORK", "GALWAY", "LIMERICK", "WATERFORD"],
  FRA: ["PARIS", "LYON", "MARSEILLE", "TOULOUSE", "NANTES", "ORLÉANS"],
  DEU: ["BERLIN", "MÜNCHEN", "KÖLN", "HAMBURG", "DÜSSELDORF", "LEIPZIG"],
  AUT: ["WIEN", "GRAZ", "SALZBURG"],
  CHE: ["ZÜRICH", "GENÈVE", "BERN"],
  NLD: ["AMSTERDAM", "ROTTERDAM", "UTRECHT"],
  ESP: ["MADRID", "BARCELONA", "SEVILLA", "MÁLAGA", "A CORUÑA", "BILBAO"],
  POL: ["WARSZAWA", "KRAKÓW", "ŁÓDŹ", "GDAŃSK", "WROCŁAW", "POZNAŃ"],
  SWE: ["STOCKHOLM", "GÖTEBORG", "MALMÖ", "UPPSALA"],
  NOR: ["OSLO", "BERGEN", "TROMSØ"],
  DNK: ["KØBENHAVN", "AARHUS", "ODENSE"],
  ISL: ["REYKJAVÍK", "AKUREYRI"],
  FIN: ["HELSINKI", "TAMPERE", "TURKU"],
  CHN: ["BEIJING", "SHANGHAI", "GUANGDONG", "SICHUAN", "ZHEJIANG"],
  SGP: ["SINGAPORE"],
  IND: ["CHENNAI", "MUMBAI", "NEW DELHI", "BENGALURU", "KOLKATA"],
  NGA: ["LAGOS", "ABUJA", "IBADAN", "ENUGU", "KANO"],
  USA: ["NEW YORK, U.S.A.", "CALIFORNIA, U.S.A.", "TEXAS, U.S.A.", "OHIO, U.S.A."],
  CAN: ["TORONTO", "MONTRÉAL", "VANCOUVER", "CALGARY"],
  AUS: ["SYDNEY", "MELBOURNE", "BRISBANE", "PERTH"],
  NZL: ["AUCKLAND", "WELLINGTON"],
  MEX: ["CIUDAD DE MÉXICO", "GUADALAJARA", "MONTERREY"],
  ARG: ["BUENOS AIRES", "CÓRDOBA", "ROSARIO"],
  COL: ["BOGOTÁ", "MEDELLÍN", "CALI"],
  CHL: ["SANTIAGO", "VALPARAÍSO"],
  EGY: ["CAIRO", "ALEXANDRIA", "GIZA"],
  MAR: ["CASABLANCA", "RABAT", "FÈS", "MARRAKECH"],
  JOR: ["AMMAN", "IRBID"],
  SAU: ["RIYADH", "JEDDAH"],
  ARE: ["DUBAI", "ABU DHABI"],
  IRN: ["TEHRAN", "ISFAHAN", "SHIRAZ", "TABRIZ"],
  VNM: ["HÀ NỘI", "HỒ CHÍ MINH", "ĐÀ NẴNG", "HUẾ"],
  PRT: ["LISBOA", "PORTO", "COIMBRA", "ÉVORA"],
  BRA: ["SÃO PAULO", "RIO DE JANEIRO", "BELO HORIZONTE", "SALVADOR"],
};
