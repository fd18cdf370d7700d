import type { Rng } from "./random";

/*
 * UK addresses with real-format postcodes (outward code from a real area and district, inward
 * code digit + two letters without C, I, K, M, O, V), for the address documents and claims.
 */
export interface UkAddress {
  /** e.g. "Flat 2, 14 Worthington Road". */
  line1: string;
  line2?: string;
  town: string;
  postcode: string;
}

const AREAS: readonly { town: string; outward: readonly string[] }[] = [
  { town: "LONDON", outward: ["SW1A", "SW11", "N1", "E14", "NW3", "SE15", "W2", "EC1V", "WC2H"] },
  { town: "MANCHESTER", outward: ["M1", "M14", "M20", "M4"] },
  { town: "BIRMINGHAM", outward: ["B1", "B15", "B29", "B13"] },
  { town: "LEEDS", outward: ["LS1", "LS6", "LS17"] },
  { town: "GLASGOW", outward: ["G1", "G12", "G41"] },
  { town: "EDINBURGH", outward: ["EH1", "EH10", "EH6"] },
  { town: "CARDIFF", outward: ["CF10", "CF24", "CF5"] },
  { town: "BELFAST", outward: ["BT1", "BT7", "BT9"] },
  { town: "BRISTOL", outward: ["BS1", "BS6", "BS8"] },
  { town: "NEWCASTLE UPON TYNE", outward: ["NE1", "NE2", "NE6"] },
  { town: "LIVERPOOL", outward: ["L1", "L8", "L17"] },
  { town: "SHEFFIELD", outward: ["S1", "S10", "S11"] },
  { town: "NOTTINGHAM", outward: ["NG1", "NG5", "NG7"] },
  { town: "OXFORD", outward: ["OX1", "OX2", "OX4"] },
  { town: "CAMBRIDGE", outward: ["CB1", "CB2", "CB4"] },
  { town: "YORK", outward: ["YO1", "YO10", "YO31"] },
];

const STREETS = [
  "High",
  "Station",
  "Church",
  "Victoria",
  "Green",
  "Manor",
  "Park",
  "Queen's",
  "Mill",
  "Worthington",
  "St. Mary's",
  "Ashby-de-la-Zouch",
  "Kingsway",
  "Albert",
  "Windsor",
];
const STREET_TYPES = ["Road", "Street", "Lane", "Avenue", "Close", "Crescent", "Gardens", "Terrace", "Way", "Drive"];
const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";

export function randomUkAddress(rng: Rng): UkAddress {
  const area = rng.pick(AREAS);
  const outward = rng.pick(area.outward);
  const postcode = `${outward} ${rng.int(0, 9)}${rng.pick([...INWARD_LETTERS])}${rng.pick([...INWARD_LETTERS])}`;
  const street = `${rng.int(1, 240)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}`;
  const flat = rng.chance(0.25) ? `Flat ${rng.int(1, 24)}, ` : "";
  const address: UkAddress = { line1: `${flat}${street}`, town: area.town, postcode };
  if (rng.chance(0.2)) address.line2 = rng.pick(["Didsbury", "Headingley", "Clifton", "Jesmond", "Hyde Park", "Roath", "Islington"]);
  return address;
}
