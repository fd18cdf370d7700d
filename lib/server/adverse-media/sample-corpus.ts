import { articleId, type CorpusArticle } from "./articles";

/*
 * A small news corpus written for the demo and the tests. Every person, company, court case and
 * outlet in it is invented; the links point at news.example (RFC 2606 reserves it). It holds
 * clearly adverse stories (convictions, sanctions, trafficking), neutral ones (a charity run, a
 * promotion), an acquittal, a scam victim, two people who share a surname (Tomasz and Anna Nowak),
 * names in several traditions and written forms (diacritics, "al-", hyphens, family name first,
 * an initial) and roles that only sound adverse ("head of anti-money laundering").
 */

type Draft = Omit<CorpusArticle, "id">;

const outlet = {
  northgate: "The Northgate Herald",
  vistula: "Vistula Courier",
  harbour: "Harbour Street Journal",
  lagos: "Lagos Ledger",
  gulf: "Gulf Meridian",
  pearl: "Pearl River Post",
  iberia: "Iberia Daily Wire",
  compliance: "Capital Compliance Review",
  danube: "Danube Observer",
  lantern: "The Lantern",
  atlantic: "Atlantic Evening Mail",
};

const drafts: Draft[] = [
  {
    title: "Kraków-born importer jailed for £4.2m VAT fraud",
    link: "https://news.example/northgate-herald/2024/03/krakow-born-importer-jailed-vat-fraud",
    source: outlet.northgate,
    published_at: "2024-03-15",
    location: "Manchester, United Kingdom",
    body:
      "Tomasz Nowak, 47, was convicted of fraud and money laundering at Manchester Crown Court on Friday after a six-week trial. He was sentenced to seven years in prison.\n\n" +
      "The court heard that Nowak’s import business, Baltic Fresh Foods Ltd, claimed VAT refunds on shipments of fruit that never existed and moved the money through accounts in Riga and Gdańsk. " +
      "Judge Helen Carrow called the scheme “sophisticated and sustained”. Prosecutor Anna Kowalska told the court that more than forty false invoices had been traced to a single laptop.\n\n" +
      "Nowak, of Didsbury, showed no emotion as the verdict was read.",
  },
  {
    title: "Manchester importer charged over VAT refunds",
    link: "https://news.example/northgate-herald/2023/06/manchester-importer-charged-vat-refunds",
    source: outlet.northgate,
    published_at: "2023-06-02",
    location: "Manchester, United Kingdom",
    body:
      "Tomasz Nowak, 46, of Didsbury, has been charged with fraud by false representation following an HMRC investigation into his fruit import company. " +
      "He was released on bail and will appear before Manchester magistrates next month. HMRC said the case concerned refund claims made between 2018 and 2021.",
  },
  {
    title: "New head teacher for St Brigid’s Primary",
    link: "https://news.example/the-lantern/2024/05/new-head-teacher-st-brigids",
    source: outlet.lantern,
    published_at: "2024-05-02T09:30:00Z",
    location: "Leeds, United Kingdom",
    body:
      "Anna Nowak has been appointed head teacher of St Brigid’s Primary School in Headingley, the governors announced on Monday. " +
      "Ms Nowak, who joined the school as a languages teacher in 2011, ran its Polish Saturday club and the eco-garden project that won a regional award last year.\n\n" +
      "“She knows every child by name,” said the chair of governors, Ruth Adeyemi. Nowak takes up the post in September.",
  },
  {
    title: "Retired postman runs 100 miles for hospice",
    link: "https://news.example/atlantic-evening-mail/2024/04/retired-postman-runs-100-miles",
    source: outlet.atlantic,
    published_at: "2024-04-21",
    location: "Bath, United Kingdom",
    body:
      "David Thornbury, 71, completed a 100-mile charity run from Bath to Bristol and back over four days, raising more than £12,000 for St Aldhelm’s Hospice. " +
      "Thornbury, who delivered letters in Widcombe for 38 years, took up running after his wife’s illness.\n\n" +
      "“Every mile was for the nurses,” he said at the finish line, where neighbours waited with a banner and a flask of tea.",
  },
  {
    title: "Former fund manager cleared of insider trading",
    link: "https://news.example/harbour-street-journal/2024/02/fund-manager-cleared-insider-trading",
    source: outlet.harbour,
    published_at: "2024-02-06",
    location: "London, United Kingdom",
    body:
      "Oliver Pennington, 58, was acquitted of insider trading at Southwark Crown Court on Tuesday. The jury took four hours to find the former hedge fund manager not guilty on all five counts.\n\n" +
      "Prosecutors had alleged that Pennington bought shares in Corvane Pharma days before a takeover was announced. " +
      "Outside court, Pennington said he was relieved and wanted to “get back to a normal life”.",
  },
  {
    title: "US Treasury sanctions Valencia shipowner over oil cargoes",
    link: "https://news.example/iberia-daily-wire/2024/01/treasury-sanctions-valencia-shipowner",
    source: outlet.iberia,
    published_at: "2024-01-18",
    location: "Valencia, Spain",
    body:
      "The US Treasury’s Office of Foreign Assets Control (OFAC) has sanctioned José Muñoz, a Valencia-based shipowner, for sanctions evasion, saying his companies moved crude oil through ship-to-ship transfers off Malta. " +
      "All of Muñoz’s assets under US jurisdiction are frozen and Americans are barred from dealing with him.\n\n" +
      "Muñoz, 61, did not respond to a request for comment. Two of his tankers, the Albufera Star and the Mar de Turia, were added to the SDN list on the same day.",
  },
  {
    title: "Seville baker wins national bread award",
    link: "https://news.example/iberia-daily-wire/2023/11/seville-baker-bread-award",
    source: outlet.iberia,
    published_at: "2023-11-09",
    location: "Seville, Spain",
    body:
      "Lucía Fernández Ortega, who opened her bakery in the Triana district six years ago, has won the national prize for traditional sourdough. " +
      "Fernández said the recipe came from her grandmother in Carmona. Queues now form outside the shop before it opens at seven.",
  },
  {
    title: "Former ports official jailed for embezzling ₦2.1bn",
    link: "https://news.example/lagos-ledger/2023/09/ports-official-jailed-embezzlement",
    source: outlet.lagos,
    published_at: "2023-09-27",
    location: "Lagos, Nigeria",
    body:
      "A Federal High Court in Lagos has convicted Adebayo Okafor, a former director of finance at the Apapa Ports Authority, of embezzlement and money laundering. " +
      "Justice Folake Adewale sentenced Okafor to twelve years in prison and ordered the forfeiture of three properties in Lekki.\n\n" +
      "The anti-graft commission said Okafor had diverted ₦2.1bn meant for dredging contracts into companies controlled by relatives.",
  },
  {
    title: "Ngozi Eze to chair Niger Delta Savings Bank",
    link: "https://news.example/lagos-ledger/2024/02/ngozi-eze-to-chair-savings-bank",
    source: outlet.lagos,
    published_at: "2024-02-12",
    location: "Port Harcourt, Nigeria",
    body:
      "Ngozi Eze, an economist who spent two decades at the central bank, will become chair of Niger Delta Savings Bank in April, the first woman in the role. " +
      "Eze said she would focus on lending to small farms and on the bank’s branch network in rural Rivers State.",
  },
  {
    title: "Lagos fintech raises $8m for fraud prevention tools",
    link: "https://news.example/lagos-ledger/2024/06/fintech-raises-8m-fraud-prevention",
    source: outlet.lagos,
    published_at: "2024-06-04",
    location: "Lagos, Nigeria",
    body:
      "Emeka Nwosu, co-founder of PayGuard, said the Series A round would pay for fraud prevention software aimed at small merchants. " +
      "The start-up’s anti-fraud checks now run on 40,000 point-of-sale terminals. Nwosu plans to hire 60 engineers in Yaba this year.",
  },
  {
    title: "UN committee adds Aden money changer to sanctions list",
    link: "https://news.example/gulf-meridian/2023/12/un-adds-aden-money-changer",
    source: outlet.gulf,
    published_at: "2023-12-05",
    location: "Aden, Yemen",
    body:
      "The UN Security Council’s sanctions committee has added Yousef Al-Haddad, a money changer in the port city of Aden, to its sanctions list for terrorism financing. " +
      "The committee said Al-Haddad’s exchange house moved funds to an armed group through a network of couriers.\n\n" +
      "An asset freeze and a travel ban now apply to him in all member states.",
  },
  {
    title: "Riyadh chemist wins desalination prize",
    link: "https://news.example/gulf-meridian/2024/03/riyadh-chemist-desalination-prize",
    source: outlet.gulf,
    published_at: "2024-03-28",
    location: "Riyadh, Saudi Arabia",
    body:
      "Dr Fatima Al-Zahrani has won this year’s Gulf Water Prize for a membrane that cuts the energy used by desalination plants by a fifth. " +
      "Al-Zahrani leads a team of eleven researchers and says a pilot plant on the Red Sea coast will open next year.",
  },
  {
    title: "Lending platform founder arrested over 3.1bn yuan Ponzi scheme",
    link: "https://news.example/pearl-river-post/2023/10/lending-founder-arrested-ponzi",
    source: outlet.pearl,
    published_at: "2023-10-11",
    location: "Shenzhen, China",
    body:
      "Wang Xiaoming, the founder of online lending platform Jinfeng Wealth, was arrested by Shenzhen police on suspicion of running a Ponzi scheme that took 3.1 billion yuan from 40,000 investors. " +
      "Police said Wang promised returns of 18 per cent a year and paid early investors with later investors’ money. The platform stopped all payments in March.",
  },
  {
    title: "Chen Jing to lead Pearl River Philharmonic",
    link: "https://news.example/pearl-river-post/2024/01/chen-jing-philharmonic",
    source: outlet.pearl,
    published_at: "2024-01-22",
    location: "Guangzhou, China",
    body:
      "Violinist Chen Jing will become concertmaster of the Pearl River Philharmonic from the autumn season. " +
      "Chen, who trained in Vienna, has played with the orchestra as a guest since 2019 and will open the season with Sibelius.",
  },
  {
    title: "EU freezes assets of grain trader",
    link: "https://news.example/danube-observer/2024/02/eu-freezes-grain-trader-assets",
    source: outlet.danube,
    published_at: "2024-02-23",
    location: "Brussels, Belgium",
    body:
      "The European Union has sanctioned Dmitriy Volkov, the owner of grain exporter Azov Harvest, accusing him of shipping grain taken from occupied farmland. " +
      "Volkov’s assets in the bloc are frozen and he is banned from entering it. His company denies wrongdoing.",
  },
  {
    title: "Liverpool man jailed for 14 years over cocaine in garden furniture",
    link: "https://news.example/harbour-street-journal/2023/08/liverpool-man-jailed-cocaine-furniture",
    source: outlet.harbour,
    published_at: "2023-08-17",
    location: "Liverpool, United Kingdom",
    body:
      "Peter Andrew Collins, 39, of Anfield, was jailed for fourteen years at Liverpool Crown Court for drug trafficking after police found 40kg of cocaine hidden in a shipment of garden furniture. " +
      "Collins pleaded guilty to conspiracy to import class A drugs.",
  },
  {
    title: "Magistrates’ round-up: benefit fraud and speeding",
    link: "https://news.example/the-lantern/2024/03/magistrates-round-up",
    source: outlet.lantern,
    published_at: "2024-03-08",
    location: "Leeds, United Kingdom",
    body:
      "K. Brennan, 44, of Armley, was fined £600 for benefit fraud after failing to declare a part-time job. " +
      "S. Patel, 29, of Beeston, was banned from driving for six months for speeding. " +
      "M. Lowe, 52, of Bramley, was ordered to pay costs after a dog-fouling offence.",
  },
  {
    title: "Travel firm boss disqualified after customers lose deposits",
    link: "https://news.example/capital-compliance-review/2024/04/travel-firm-boss-disqualified",
    source: outlet.compliance,
    published_at: "2024-04-10",
    location: "Bristol, United Kingdom",
    body:
      "Margaret Ellison, 55, has been disqualified from acting as a company director for eight years after the Insolvency Service found she took £310,000 in customer deposits while her travel company, Sunward Escapes Ltd, was insolvent. " +
      "Ellison did not contest the disqualification order. Around 900 customers lost money when the firm collapsed in 2022.",
  },
  {
    title: "Police arrest 31 in raids on Calabrian crime family",
    link: "https://news.example/danube-observer/2023/07/police-arrest-31-calabrian-crime-family",
    source: outlet.danube,
    published_at: "2023-07-04",
    location: "Reggio Calabria, Italy",
    body:
      "Italian police arrested 31 people in dawn raids across Calabria and Lombardy on Tuesday. " +
      "Marco Rinaldi, 52, described by prosecutors as the treasurer of the clan, was among those arrested and is accused of extortion and money laundering. " +
      "Investigators seized villas, two restaurants and a fleet of lorries.",
  },
  {
    title: "Woman convicted of trafficking workers to car washes",
    link: "https://news.example/danube-observer/2024/05/woman-convicted-trafficking-car-washes",
    source: outlet.danube,
    published_at: "2024-05-15",
    location: "Bucharest, Romania",
    body:
      "Ioana Petrescu, 41, has been convicted of human trafficking after recruiting 23 workers from villages near Craiova with promises of well-paid jobs abroad. " +
      "The workers were made to live in a warehouse and hand over their wages. Petrescu will be sentenced next month.",
  },
  {
    title: "Harbourline Bank appoints new anti-money laundering chief",
    link: "https://news.example/capital-compliance-review/2024/01/harbourline-appoints-aml-chief",
    source: outlet.compliance,
    published_at: "2024-01-09",
    location: "London, United Kingdom",
    body:
      "Harbourline Bank has appointed Rachel Osei as head of anti-money laundering. Osei joins from a building society, where she was the money laundering reporting officer for nine years. " +
      "She will report to the chief risk officer.",
  },
  {
    title: "Pensioner loses €48,000 to romance scam",
    link: "https://news.example/atlantic-evening-mail/2024/02/pensioner-romance-scam",
    source: outlet.atlantic,
    published_at: "2024-02-14",
    location: "Galway, Ireland",
    body:
      "Margaret Doyle, 79, from Salthill, was the victim of a romance scam run by a man she met on a gardening forum. " +
      "Over eleven months she sent him €48,000 for what he said were medical bills. Her daughter is urging other families to talk to elderly relatives about online contacts.",
  },
  {
    title: "Solicitor struck off over client account",
    link: "https://news.example/capital-compliance-review/2023/11/solicitor-struck-off",
    source: outlet.compliance,
    published_at: "2023-11-21",
    location: "Birmingham, United Kingdom",
    body:
      "Samuel Okoro has been struck off the roll of solicitors after a tribunal found serious misconduct in the handling of his firm’s client account. " +
      "The tribunal heard that Okoro used client money to cover the firm’s running costs.",
  },
  {
    title: "Madrid councillor under investigation in contracts probe",
    link: "https://news.example/iberia-daily-wire/2024/03/madrid-councillor-contracts-probe",
    source: outlet.iberia,
    published_at: "2024-03-19",
    location: "Madrid, Spain",
    body:
      "Beatriz Salgado, a Madrid city councillor, is under investigation over alleged bribery in the award of street-cleaning contracts. " +
      "Salgado denies wrongdoing and says she will cooperate with the court.",
  },
  {
    title: "Financial regulator fines trader for market abuse",
    link: "https://news.example/capital-compliance-review/2024/06/regulator-fines-trader-market-abuse",
    source: outlet.compliance,
    published_at: "2024-06-20",
    location: "London, United Kingdom",
    body:
      "Harriet Combe-Lyle, a former bond trader, has been fined £95,000 by the Financial Conduct Authority for market abuse after placing orders she never meant to fill. " +
      "The regulator said Combe-Lyle had cooperated with its inquiry.",
  },
  {
    title: "Youth centre opens in Toxteth",
    link: "https://news.example/harbour-street-journal/2024/04/youth-centre-opens-toxteth",
    source: outlet.harbour,
    published_at: "2024-04-03",
    location: "Liverpool, United Kingdom",
    body:
      "Rebecca Young, 34, has opened a youth centre in a former chapel on Granby Street. " +
      "The centre offers young people a recording studio, homework clubs and a kitchen. Young said the building had been empty for a decade.",
  },
  {
    title: "Sharjah library opens its doors",
    link: "https://news.example/gulf-meridian/2023/09/sharjah-library-opens",
    source: outlet.gulf,
    published_at: "2023-09-14",
    location: "Sharjah, United Arab Emirates",
    body:
      "Khalid bin Rashid Al-Nuaimi opened a public library of 80,000 volumes in Sharjah on Thursday, funded by his family’s foundation. " +
      "The library has a children’s wing and a restored collection of pearl-diving logbooks.",
  },
  {
    title: "Accra coach takes under-17 side to finals",
    link: "https://news.example/atlantic-evening-mail/2024/06/accra-coach-under-17-finals",
    source: outlet.atlantic,
    published_at: "2024-06-11",
    location: "Accra, Ghana",
    body:
      "Kwame Mensah, who coaches the under-17 side of an Accra academy, has led his players to the continental finals for the first time. " +
      "Mensah credits a new pitch and a nutrition programme paid for by local businesses.",
  },
  {
    title: "Former vice-mayor sentenced to life for bribery",
    link: "https://news.example/pearl-river-post/2023/12/former-vice-mayor-bribery",
    source: outlet.pearl,
    published_at: "2023-12-20",
    location: "Dongguan, China",
    body:
      "Zhang Wei, a former vice-mayor of Dongguan, was sentenced to life imprisonment for bribery after a court found he took 96 million yuan from property developers. " +
      "Zhang had pleaded guilty at his trial in June.",
  },
  {
    title: "Cartel suspect extradited to the United States",
    link: "https://news.example/iberia-daily-wire/2024/05/cartel-suspect-extradited",
    source: outlet.iberia,
    published_at: "2024-05-28",
    location: "Bogotá, Colombia",
    body:
      "Carlos Mendoza Ruiz, accused of running cocaine trafficking routes through Central America for a Sinaloa cartel, has been extradited to the United States. " +
      "Mendoza was detained in Bogotá last year on a US arrest warrant.",
  },
  {
    title: "Poznań physicist joins European telescope project",
    link: "https://news.example/vistula-courier/2024/02/poznan-physicist-telescope",
    source: outlet.vistula,
    published_at: "2024-02-01",
    location: "Poznań, Poland",
    body:
      "Agnieszka Wiśniewska, a physicist at Adam Mickiewicz University, will lead the optics group of a new European solar telescope. " +
      "Wiśniewska’s team built the adaptive mirror tested in the Canary Islands last summer.",
  },
  {
    title: "No further action after warehouse fire inquiry",
    link: "https://news.example/vistula-courier/2023/10/no-further-action-warehouse-fire",
    source: outlet.vistula,
    published_at: "2023-10-30",
    location: "Wrocław, Poland",
    body:
      "Prosecutors in Wrocław said no further action would be taken against warehouse owner Jakub Nowicki after an investigation into the fire that destroyed his depot in August. " +
      "Fire officers found that an electrical fault started the blaze.",
  },
  {
    title: "Hurling club celebrates centenary",
    link: "https://news.example/atlantic-evening-mail/2023/08/hurling-club-centenary",
    source: outlet.atlantic,
    published_at: null,
    location: "Kilkenny, Ireland",
    body:
      "Liam O’Connor, chairman of Thomastown hurling club, unveiled a plaque for the club’s hundredth year at a gathering of former players. " +
      "O’Connor’s grandfather played in the club’s first county final in 1931.",
  },
  {
    title: "Athens shipping family funds maritime museum wing",
    link: "https://news.example/danube-observer/2024/01/athens-maritime-museum-wing",
    source: outlet.danube,
    published_at: "2024-01-30",
    location: "Piraeus, Greece",
    body:
      "Giorgos Papadopoulos, whose family has run tugboats in Piraeus for three generations, has paid for a new wing of the maritime museum. " +
      "The wing will show the harbour’s steam tugs and a restored pilot boat.",
  },
  {
    title: "Cairo architect’s school design shortlisted",
    link: "https://news.example/gulf-meridian/2024/05/cairo-architect-school-shortlisted",
    source: outlet.gulf,
    published_at: "2024-05-07",
    location: "Cairo, Egypt",
    body:
      "Mohamed Abdel-Rahman’s design for a naturally cooled school in Fayoum is one of six projects shortlisted for an international architecture award. " +
      "Abdel-Rahman used mud brick and wind catchers to keep classrooms below 28 degrees without air conditioning.",
  },
  {
    title: "Timișoara software firm doubles staff",
    link: "https://news.example/danube-observer/2023/06/timisoara-software-firm-doubles-staff",
    source: outlet.danube,
    published_at: "2023-06-19",
    location: "Timișoara, Romania",
    body:
      "Elena Popescu, founder of the route-planning software firm Drumeț, said the company had doubled its staff to 140 after winning contracts with two rail operators. " +
      "Popescu started the business in her flat in 2016.",
  },
  {
    title: "Kyoto ramen chef opens second restaurant",
    link: "https://news.example/pearl-river-post/2024/04/kyoto-ramen-second-restaurant",
    source: outlet.pearl,
    published_at: "2024-04-15",
    location: "Kyoto, Japan",
    body:
      "Kenji Watanabe, whose eight-seat ramen bar near Nishiki Market has a waiting list of three weeks, has opened a second restaurant in Osaka. " +
      "Watanabe still makes the noodles for both by hand each morning.",
  },
  {
    title: "Nurse honoured for flood rescue",
    link: "https://news.example/lagos-ledger/2023/10/nurse-honoured-flood-rescue",
    source: outlet.lagos,
    published_at: "2023-10-03",
    location: "Kano, Nigeria",
    body:
      "Aisha Bello, a nurse at a Kano children’s hospital, has received a state bravery award after she waded through floodwater to move 14 babies from a ground-floor ward. " +
      "Bello said the credit belonged to the whole night shift.",
  },
  {
    title: "Lahore cricketer called up to national squad",
    link: "https://news.example/gulf-meridian/2024/06/lahore-cricketer-national-squad",
    source: outlet.gulf,
    published_at: "2024-06-25",
    location: "Lahore, Pakistan",
    body:
      "Hamza Qureshi, a 21-year-old fast bowler from Lahore, has been called up to the national squad for the summer tour after taking 48 wickets in the domestic season. " +
      "Qureshi’s first coach described him as “the hardest-working player I have ever had”.",
  },
  {
    title: "Gdańsk shipyard welder wins European skills medal",
    link: "https://news.example/vistula-courier/2023/09/gdansk-welder-skills-medal",
    source: outlet.vistula,
    published_at: "2023-09-08",
    location: "Gdańsk, Poland",
    body:
      "Łukasz Zieliński, a 23-year-old welder at a Gdańsk shipyard, won gold in the European vocational skills competition. " +
      "Zieliński has been welding since he was sixteen and now trains apprentices on Saturdays.",
  },
];

export const SAMPLE_CORPUS: CorpusArticle[] = drafts.map((draft) => ({ id: articleId(draft.link), ...draft }));

/** The people the tests screen, as a caller would type them. */
export const SAMPLE_PEOPLE = {
  /** Two articles: convicted of fraud and money laundering (2024), charged (2023). */
  convicted: { first_name: "Tomasz", last_name: "Nowak", location: "Manchester" },
  /** A head teacher, sharing the convicted man's surname. */
  sharedSurname: { first_name: "Anna", last_name: "Nowak" },
  /** A charity run. */
  neutral: { first_name: "David", last_name: "Thornbury" },
  /** Acquitted of insider trading. */
  acquitted: { first_name: "Oliver", last_name: "Pennington" },
  /** Sanctioned by OFAC; the article writes "José Muñoz". */
  sanctionedAscii: { first_name: "Jose", last_name: "Munoz" },
  /** Arrested over a Ponzi scheme; the article writes the family name first, "Wang Xiaoming". */
  familyNameFirst: { first_name: "Xiaoming", last_name: "Wang" },
  /** Jailed for drug trafficking; the article writes "Peter Andrew Collins". */
  withMiddleName: { first_name: "Peter", middle_names: "Andrew", last_name: "Collins" },
  /** Fined for benefit fraud; the article writes only "K. Brennan". */
  initialOnly: { first_name: "Kevin", last_name: "Brennan" },
  /** Head of anti-money laundering at a bank. */
  amlOfficer: { first_name: "Rachel", last_name: "Osei" },
  /** Victim of a romance scam. */
  scamVictim: { first_name: "Margaret", last_name: "Doyle" },
  /** Named in no article. */
  unknown: { first_name: "Henrietta", last_name: "Quillfeather" },
};
