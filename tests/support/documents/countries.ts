/*
 * Issuing states the generator uses: real ISO 3166 alpha-3 codes (never the specimen state UTO),
 * with what their pages print. Germany is the ICAO exception: its MRZ code is "D".
 */
export interface IssuingState {
  /** ISO 3166-1 alpha-3. */
  code: string;
  /** The code as the MRZ writes it (3 characters, "<"-padded). */
  mrzCode: string;
  /** The state's name as printed at the top of the page. */
  name: string;
  authority: readonly string[];
  /** True when the MRZ writes Ä/Ö/Ü as AE/OE/UE (ICAO's first choice); false when as A/O/U. */
  expandsUmlauts: boolean;
  /** Document-number shape: "digits" (e.g. GBR), "letter+digits", or "alnum" (e.g. DEU's letters without vowels). */
  numberStyle: "digits" | "letter+digits" | "2digits+2letters+5digits" | "alnum";
}

const state = (
  code: string,
  name: string,
  authority: readonly string[],
  numberStyle: IssuingState["numberStyle"] = "letter+digits",
  expandsUmlauts = true,
): IssuingState => ({ code, mrzCode: (code === "DEU" ? "D" : code).padEnd(3, "<"), name, authority, expandsUmlauts, numberStyle });

export const ISSUING_STATES: Record<string, IssuingState> = Object.fromEntries(
  [
    state("GBR", "UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND", ["HMPO"], "digits"),
    state("IRL", "IRELAND / ÉIRE", ["DEPARTMENT OF FOREIGN AFFAIRS"], "letter+digits"),
    state("FRA", "RÉPUBLIQUE FRANÇAISE", ["PRÉFECTURE DE PARIS", "PRÉFECTURE DU RHÔNE"], "2digits+2letters+5digits"),
    state("DEU", "BUNDESREPUBLIK DEUTSCHLAND", ["STADT KÖLN", "BEZIRKSAMT BERLIN-MITTE", "LANDESHAUPTSTADT MÜNCHEN"], "alnum"),
    state("AUT", "REPUBLIK ÖSTERREICH", ["BH WIEN"], "letter+digits"),
    state("CHE", "SCHWEIZERISCHE EIDGENOSSENSCHAFT", ["ZÜRICH"], "letter+digits", false),
    state("NLD", "KONINKRIJK DER NEDERLANDEN", ["BURG. VAN AMSTERDAM"], "alnum"),
    state("ESP", "REINO DE ESPAÑA", ["DGP", "MADRID"], "alnum"),
    state("POL", "RZECZPOSPOLITA POLSKA", ["WOJEWODA MAZOWIECKI", "WOJEWODA MAŁOPOLSKI"], "alnum"),
    state("SWE", "SVERIGE", ["POLISEN"], "digits", false),
    state("NOR", "NORGE", ["POLITIET"], "letter+digits", false),
    state("DNK", "DANMARK", ["KØBENHAVNS KOMMUNE"], "letter+digits", false),
    state("ISL", "ÍSLAND", ["ÞJÓÐSKRÁ ÍSLANDS"], "letter+digits", false),
    state("FIN", "SUOMI FINLAND", ["POLIISI"], "letter+digits", false),
    state("CHN", "PEOPLE'S REPUBLIC OF CHINA", ["NATIONAL IMMIGRATION ADMINISTRATION"], "letter+digits"),
    state("SGP", "REPUBLIC OF SINGAPORE", ["ICA"], "letter+digits"),
    state("IND", "REPUBLIC OF INDIA", ["CHENNAI", "MUMBAI", "DELHI"], "letter+digits"),
    state("NGA", "FEDERAL REPUBLIC OF NIGERIA", ["NIS ABUJA", "NIS IKOYI"], "letter+digits"),
    state("USA", "UNITED STATES OF AMERICA", ["UNITED STATES DEPARTMENT OF STATE"], "digits"),
    state("CAN", "CANADA", ["GATINEAU"], "alnum"),
    state("AUS", "AUSTRALIA", ["AUSTRALIA"], "letter+digits"),
    state("NZL", "NEW ZEALAND", ["DEPARTMENT OF INTERNAL AFFAIRS"], "letter+digits"),
    state("MEX", "ESTADOS UNIDOS MEXICANOS", ["SRE"], "letter+digits"),
    state("ARG", "REPÚBLICA ARGENTINA", ["RENAPER"], "alnum"),
    state("COL", "REPÚBLICA DE COLOMBIA", ["CANCILLERÍA"], "alnum"),
    state("CHL", "REPÚBLICA DE CHILE", ["REGISTRO CIVIL"], "alnum"),
    state("EGY", "ARAB REPUBLIC OF EGYPT", ["CAIRO"], "letter+digits"),
    state("MAR", "ROYAUME DU MAROC", ["RABAT"], "alnum"),
    state("JOR", "HASHEMITE KINGDOM OF JORDAN", ["AMMAN"], "letter+digits"),
    state("SAU", "KINGDOM OF SAUDI ARABIA", ["RIYADH"], "letter+digits"),
    state("ARE", "UNITED ARAB EMIRATES", ["DUBAI"], "alnum"),
    state("IRN", "ISLAMIC REPUBLIC OF IRAN", ["TEHRAN"], "letter+digits"),
    state("VNM", "SOCIALIST REPUBLIC OF VIET NAM", ["CỤC QUẢN LÝ XUẤT NHẬP CẢNH"], "letter+digits"),
    state("PRT", "REPÚBLICA PORTUGUESA", ["SEF", "LISBOA"], "alnum"),
    state("BRA", "REPÚBLICA FEDERATIVA DO BRASIL", ["DPF"], "alnum"),
  ].map((s) => [s.code, s]),
);

/** States that issue ICAO identity cards in the generator (TD1 / TD2). */
export const ID_CARD_STATES = [
  "FRA",
  "DEU",
  "ESP",
  "POL",
  "NLD",
  "SWE",
  "NOR",
  "PRT",
  "AUT",
  "FIN",
  "IRL",
  "CHE",
  "MAR",
  "BRA",
  "ISL",
] as const;

export function issuingState(code: string): IssuingState {
  const found = ISSUING_STATES[code];
  if (!found) throw new Error(`no issuing state ${code}`);
  return found;
}
