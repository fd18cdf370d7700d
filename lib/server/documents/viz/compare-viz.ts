import type { OcrLine } from "../ocr/learned-ocr";
import type { DocumentIdentity } from "../types";
import { failed, notPerformed, pass, type Validation } from "../validation";
import { readVisualZone, type VizField, type VizValue } from "./read-viz";

/*
 * compound_identifiers_match: the printed (visual) zone against the MRZ (what Onfido and Persona
 * call data consistency). A document whose printed surname, given names, date of birth, number
 * or expiry is not what its MRZ encodes has been altered, or is not one document: it fails with
 * VIZ_MRZ_MISMATCH and the fields that differ. Only what was read with certainty is compared: a
 * field not found in the printed zone, or read with low confidence where it differs, is named as
 * not compared, never guessed, and so is a single differing field when nothing else could be
 * compared; the check passes only when at least two fields were compared and all agreed, and is
 * not performed otherwise.
 */

/** A value read with less confidence than this that differs from the MRZ is an uncertain read, not a finding. */
const SURE_SCORE = 0.85;
/**
 * Names need more: a letter the recognizer does not know (Ł, Ð) is read as another (PAWEŁ as
 * PAWEE, line confidence 0.92 on a generated card) where dates and numbers have no such letters.
 * The ICAO card's real misprint, ERIKKSON for ERIKSSON, reads at 0.95.
 */
const SURE_NAME_SCORE = 0.94;
/** Fields that must agree before the check passes (one agreeing field is too little to call the zones consistent). */
const MIN_COMPARED = 2;

type Compared = "last_name" | "first_name" | "date_of_birth" | "document_number" | "expiration_date";
const ORDER: Compared[] = ["last_name", "first_name", "date_of_birth", "document_number", "expiration_date"];

// ICAO 9303 part 3 transliterations (printed Ä is encoded AE, or A).
const ICAO: [RegExp, string][] = [
  [/[äÄ]/g, "AE"],
  [/[öÖ]/g, "OE"],
  [/[üÜ]/g, "UE"],
  [/[åÅ]/g, "AA"],
  [/[æÆ]/g, "AE"],
  [/[øØ]/g, "OE"],
  [/ß/g, "SS"],
  [/[þÞ]/g, "TH"],
];
const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[^A-Z]/g, "");

/** The spellings a printed name may stand for in the MRZ (accents dropped, or expanded the ICAO way). */
function printedSpellings(name: string): string[] {
  let expanded = name;
  for (const [re, to] of ICAO) expanded = expanded.replace(re, to);
  return [...new Set([fold(name), fold(expanded)])];
}

/** The spellings an MRZ name may stand for on the page (the OCR may read Ä as A: MAENNIK → MANNIK). */
function encodedSpellings(name: string): string[] {
  const plain = fold(name);
  return [...new Set([plain, plain.replace(/AE/g, "A").replace(/OE/g, "O").replace(/UE/g, "U").replace(/AA/g, "A")])];
}

/**
 * An encoded spelling as a pattern of what the recognizer may read where the page prints a letter
 * it does not know: Þ (encoded TH) read as P (ÞÓRÐUR → PORDUR), Ł (encoded L) read as E
 * (PAWEŁ → PAWEE). Whole, or as the printed name's start when the MRZ may have cut it.
 */
function encodedPattern(spelling: string, start: boolean): RegExp {
  return new RegExp(`^${spelling.replace(/TH/g, "(?:TH|P)").replace(/L/g, "[LE]")}${start ? "" : "$"}`);
}

/** `truncatable`: the encoded name may be the printed one's start, at least `minCut` letters of it. */
function namesAgree(printed: string, encoded: string, truncatable: boolean, minCut = 2): boolean {
  return printedSpellings(printed).some((p) =>
    encodedSpellings(encoded).some(
      (e) => encodedPattern(e, false).test(p) || (truncatable && e.length >= minCut && encodedPattern(e, true).test(p)),
    ),
  );
}

const MONTHS: [RegExp, number][] = [
  [/^(jan|ene|gen|jän|sty)/, 1],
  [/^(feb|fev|fév|lut)/, 2],
  [/^(mar|mär|mrz)/, 3],
  [/^(apr|avr|abr|kwi)/, 4],
  [/^(may|mai|mag|maj|mei)/, 5],
  [/^(jun|juin|giu|cze)/, 6],
  [/^(jul|juil|lug|lip)/, 7],
  [/^(aug|aou|aoû|ago|sie)/, 8],
  [/^(sep|set|wrz)/, 9],
  [/^(oct|okt|ott|out|paź|paz)/, 10],
  [/^(nov|lis)/, 11],
  [/^(dec|déc|dez|dic|gru|jou)/, 12],
];

interface PrintedDate {
  day: number;
  /** One or two readings of the month (a numeric date may be day-first or month-first). */
  months: number[];
  days: number[];
  year: string;
}

/** "12 AUG/AOUT 74", "20MAY/MAI 95", "22.01.1975": day, month, year (two or four digits); null when not a date. */
export function parsePrintedDate(text: string): PrintedDate | null {
  const t = text.trim().toLowerCase();
  const named = t.match(/^(\d{1,2})\s*([a-zà-ÿ]{3,9})\.?(?:\s*\/\s*[a-zà-ÿ]{3,9}\.?)?\s*(\d{4}|\d{2})$/);
  if (named) {
    const month = MONTHS.find(([re]) => re.test(named[2]!))?.[1];
    if (!month) return null;
    const day = Number(named[1]);
    return { day, days: [day], months: [month], year: named[3]! };
  }
  const numeric = t.match(/^(\d{1,2})\s?[./-]\s?(\d{1,2})\s?[./-]\s?(\d{4}|\d{2})$/);
  if (!numeric) return null;
  const [a, b] = [Number(numeric[1]), Number(numeric[2])];
  // Day first (ICAO 9303 and most of the world); month first too when both are possible.
  const readings = [[a, b], ...(a <= 12 && b <= 12 && a !== b ? [[b, a]] : [])].filter(
    ([d, m]) => m! >= 1 && m! <= 12 && d! >= 1 && d! <= 31,
  );
  if (!readings.length) return null;
  return { day: readings[0]![0]!, days: readings.map((r) => r[0]!), months: readings.map((r) => r[1]!), year: numeric[3]! };
}

function datesAgree(printed: PrintedDate, iso: string): boolean {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const yearOk = printed.year.length === 4 ? Number(printed.year) === y : Number(printed.year) === y % 100;
  return yearOk && printed.days.some((day, i) => day === d && printed.months[i] === m);
}

// Characters the OCR and the MRZ font confuse in numbers: compared alike.
const NUMBER_FOLD: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", Z: "2", S: "5", B: "8", G: "6" };
const foldNumber = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .replace(/[OQDILZSBG]/g, (c) => NUMBER_FOLD[c]!);

type Outcome = "agree" | "differ" | "uncertain";

function compareField(
  field: Compared,
  values: (VizValue & { whole?: boolean })[],
  identity: DocumentIdentity,
  nameMayBeCut: boolean,
): Outcome | null {
  const results = values.map((v): Outcome | null => {
    const verdict = judge(field, v, identity, nameMayBeCut);
    if (verdict === null) return null;
    const sure = field === "last_name" || field === "first_name" ? SURE_NAME_SCORE : SURE_SCORE;
    return verdict ? "agree" : v.score >= sure ? "differ" : "uncertain";
  });
  const known = results.filter((r): r is Outcome => r !== null);
  if (!known.length) return null;
  // One sure reading that agrees outweighs another label's misreading; a sure difference is a finding.
  if (known.includes("agree")) return "agree";
  return known.includes("differ") ? "differ" : "uncertain";
}

/** true: agrees; false: differs; null: cannot be compared (the MRZ lacks the field, or the value is not one). */
function judge(field: Compared, v: VizValue & { whole?: boolean }, id: DocumentIdentity, nameMayBeCut: boolean): boolean | null {
  if (v.whole) {
    // A whole name printed without a comma: the MRZ's surname and given names, in either order.
    if (!id.lastName) return null;
    const first = id.firstName ?? "";
    if (namesAgree(v.text, `${id.lastName} ${first}`, false) || namesAgree(v.text, `${first} ${id.lastName}`, false)) return true;
    // Or one part alone, a page labelling it "Name" and the other part under its own label: the
    // surname (a "Name" beside "Given names") or the given names (Croatia's card: "Ime/Name" under
    // "Prezime/Surname"). It speaks for that part only; of the other it says nothing.
    const [own, other] = field === "last_name" ? [id.lastName, first] : [first, id.lastName];
    if (own && namesAgree(v.text, own, false)) return true;
    if (other && namesAgree(v.text, other, false)) return null;
    return false;
  }
  if (field === "last_name" || field === "first_name") {
    const encoded = field === "last_name" ? id.lastName : id.firstName;
    if (!encoded) return null;
    // The MRZ's name zone is cut short when full: the given names (last in it) may be; and where
    // the zone may have been cut, the surname too, and the given names down to one letter (…VA<<I).
    return namesAgree(v.text, encoded, field === "first_name" || nameMayBeCut, nameMayBeCut ? 1 : 2);
  }
  if (field === "date_of_birth" || field === "expiration_date") {
    const iso = field === "date_of_birth" ? id.dateOfBirth : id.expirationDate;
    const printed = parsePrintedDate(v.text);
    if (!iso || !printed) return null;
    return datesAgree(printed, iso);
  }
  const encoded = id.documentNumber?.replace(/</g, "");
  if (!encoded) return null;
  const printed = foldNumber(v.text);
  const held = foldNumber(encoded);
  // The MRZ's number field holds nine characters; an issuer whose numbers are longer prints them
  // whole and encodes nine of them (Belgium's card 000-5903358-01 over the MRZ number 590335801;
  // others run on into the optional data): what the field holds must stand in the printed number,
  // together; the printed rest is not the MRZ's to judge.
  return printed === held || (held.length === 9 && printed.length > 9 && printed.length <= 9 + MAX_NUMBER_RUN_ON && printed.includes(held));
}

/** How many printed characters beyond the MRZ's nine a longer number may have. */
const MAX_NUMBER_RUN_ON = 6;

/** The values of each compared field, a printed "SURNAME, GIVEN NAMES" split at its comma. */
function byField(values: VizValue[]): Map<Compared, (VizValue & { whole?: boolean })[]> {
  const out = new Map<Compared, (VizValue & { whole?: boolean })[]>();
  const add = (f: Compared, v: VizValue & { whole?: boolean }) => out.set(f, [...(out.get(f) ?? []), v]);
  for (const v of values) {
    if (v.field !== "full_name") {
      add(v.field as Exclude<VizField, "full_name">, v);
      continue;
    }
    const comma = v.text.split(",");
    if (comma.length === 2) {
      add("last_name", { ...v, field: "last_name", text: comma[0]! });
      add("first_name", { ...v, field: "first_name", text: comma[1]! });
    } else {
      // No comma: the whole name stands for the surname and the given names together.
      add("last_name", { ...v, field: "last_name", whole: true });
      add("first_name", { ...v, field: "first_name", whole: true });
    }
  }
  return out;
}

/**
 * compound_identifiers_match from the learned OCR's lines of the page that carries the printed
 * zone (the passport's data page, the ID card's front) and the identity its MRZ encodes.
 * `nameMayBeCut`: the MRZ's name zone may have been cut (it is full), so what it encodes of the
 * names may be the printed names' start (ICAO 9303: given names first, then the surname too).
 */
export function compareVisualZone(lines: OcrLine[], identity: DocumentIdentity, options: { nameMayBeCut?: boolean } = {}): Validation {
  const fields = byField(readVisualZone(lines));
  const agreed: Compared[] = [];
  const differ: Compared[] = [];
  const uncertain: Compared[] = [];
  const missing: Compared[] = [];
  for (const field of ORDER) {
    const outcome = compareField(field, fields.get(field) ?? [], identity, options.nameMayBeCut ?? false);
    if (outcome === "agree") agreed.push(field);
    else if (outcome === "differ") differ.push(field);
    else if (outcome === "uncertain") uncertain.push(field);
    else missing.push(field);
  }
  // One difference alone, with no other field compared, is no finding: a zone of which nothing else
  // could be read is not read well enough for one value (a J misread as 3) to fail a document.
  if (differ.length === 1 && !agreed.length) uncertain.push(...differ.splice(0));
  const notCompared = [
    ...(missing.length ? [`not found in the printed zone: ${missing.join(", ")}`] : []),
    ...(uncertain.length ? [`read without certainty: ${uncertain.join(", ")}`] : []),
  ];
  const tail = notCompared.length ? `; not compared (${notCompared.join("; ")})` : "";
  if (differ.length) {
    return failed(["VIZ_MRZ_MISMATCH"], {
      metadata: { mismatches: differ },
      message: `The printed zone differs from the MRZ on ${differ.join(", ")}${agreed.length ? `; agrees on ${agreed.join(", ")}` : ""}${tail}`,
    });
  }
  if (agreed.length < MIN_COMPARED) {
    return notPerformed(
      agreed.length
        ? `Only ${agreed.join(", ")} of the printed zone could be compared with the MRZ (it agrees)${tail}`
        : `No field of the printed zone could be compared with the MRZ${tail}`,
    );
  }
  return { ...pass(), message: `The printed zone agrees with the MRZ on ${agreed.join(", ")}${tail}` };
}
