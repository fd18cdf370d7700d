import { issuingState } from "./countries";
import type { Person } from "./people";

/*
 * An MRZ composer written from ICAO Doc 9303 (parts 3, 4, 5, 6) independently of the engine's
 * reader, so tests can check the reader against text it did not produce itself.
 */
export type MrzFormat = "TD1" | "TD2" | "TD3";

/** Line count × length per format. */
export const MRZ_SHAPE: Record<MrzFormat, { lines: number; length: number }> = {
  TD1: { lines: 3, length: 30 },
  TD2: { lines: 2, length: 36 },
  TD3: { lines: 2, length: 44 },
};

const VALUES: Record<string, number> = { "<": 0 };
for (let i = 0; i < 10; i++) VALUES[String(i)] = i;
for (let i = 0; i < 26; i++) VALUES[String.fromCharCode(65 + i)] = 10 + i;

/** ICAO 9303 part 3 §4.9: weights 7-3-1 repeated, sum mod 10. */
export function checkDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const value = VALUES[text[i] as string];
    if (value === undefined) throw new Error(`not an MRZ character: ${JSON.stringify(text[i])}`);
    sum += value * (weights[i % 3] as number);
  }
  return String(sum % 10);
}

// ICAO 9303 part 3 §6, transliteration of multinational Latin characters (the rest lose their
// diacritics through Unicode decomposition).
const EXPANDED: Record<string, string> = {
  Ä: "AE",
  Å: "AA",
  Æ: "AE",
  Ö: "OE",
  Ø: "OE",
  Ü: "UE",
  Þ: "TH",
  ß: "SS",
  Ĳ: "IJ",
  Œ: "OE",
  Ð: "D",
  Đ: "D",
  Ħ: "H",
  Ł: "L",
  Ŀ: "L",
  Ŋ: "N",
  Ŧ: "T",
  ı: "I",
};

/** A name as the MRZ writes it: A–Z and "<" (apostrophes dropped, hyphens and spaces as "<"). */
export function transliterate(name: string, expandUmlauts = true): string {
  let out = "";
  for (const ch of name.toUpperCase()) {
    if (!expandUmlauts && (ch === "Ä" || ch === "Ö" || ch === "Ü")) out += ch.normalize("NFD")[0];
    else out += EXPANDED[ch] ?? ch;
  }
  return out
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/['’‘`]/g, "")
    .replace(/[\s\-,.]+/g, "<")
    .replace(/[^A-Z<]/g, "")
    .replace(/^<+|<+$/g, "");
}

/**
 * The name field: SURNAME<<GIVEN<NAMES padded with "<". Too long: the given names are cut first
 * (never ending on a filler), then the surname, keeping at least one given-name character.
 */
export function nameField(surname: string, givenNames: string, width: number): { field: string; truncated: boolean } {
  const full = givenNames ? `${surname}<<${givenNames}` : surname;
  if (full.length <= width) return { field: full.padEnd(width, "<"), truncated: false };
  let field: string;
  if (givenNames && surname.length + 3 <= width) field = full.slice(0, width);
  else field = `${surname.slice(0, width - (givenNames ? 3 : 0)).replace(/<+$/, "")}${givenNames ? `<<${givenNames[0]}` : ""}`;
  field = field.replace(/<+$/, "");
  return { field: field.padEnd(width, "<"), truncated: true };
}

/** YYMMDD from an ISO date. */
export function mrzDate(iso: string): string {
  return iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
}

export type MrzTamper =
  /** Change one check digit (the composite also fails unless it is the one changed). */
  | { kind: "check-digit"; field: "documentNumber" | "birthDate" | "expirationDate" | "composite" }
  /** Change one document-number character, keep the stored check digit. `sameClass`: use a
   *  character of equal value mod 10 (0/A/K/U, 8/I/S, …) so every check digit still passes —
   *  a false-valid MRZ that only the VIZ or another reading can catch. */
  | { kind: "document-number"; sameClass?: boolean; position?: number };

export interface MrzTruth {
  format: MrzFormat;
  documentCode: string;
  /** Alpha-3 codes (DEU) and as written in the MRZ ("D<<"). */
  issuingState: string;
  issuingStateMrz: string;
  nationality: string;
  nationalityMrz: string;
  /** The document number the page prints and the MRZ carries (before any tampering). */
  documentNumber: string;
  /** Names as the MRZ spells them, "<" read as a space, after any truncation. */
  surname: string;
  givenNames: string;
  nameTruncated: boolean;
  /** YYMMDD. */
  birthDate: string;
  expirationDate: string;
  sex: "M" | "F" | "<";
  personalNumber: string;
}

export interface MrzTampering {
  kind: MrzTamper["kind"];
  line: number;
  position: number;
  from: string;
  to: string;
  /** Check digits that fail after tampering, by the `mrz` package's field names. */
  failingChecks: string[];
}

export interface ComposedMrz {
  format: MrzFormat;
  lines: string[];
  truth: MrzTruth;
  tampered?: MrzTampering;
}

export interface ComposeOptions {
  /** "P<", "PD", "I<", "ID", "A<", "C<"…; default P< for TD3, I< for TD1/TD2. */
  documentCode?: string;
  tamper?: MrzTamper;
}

function fit(text: string, width: number): string {
  return text.slice(0, width).padEnd(width, "<");
}

export function composeMrz(person: Person, format: MrzFormat, options: ComposeOptions = {}): ComposedMrz {
  const state = issuingState(person.issuingState);
  const nationalityMrz = issuingState(person.nationality).mrzCode;
  const surname = transliterate(person.surname, state.expandsUmlauts);
  const given = transliterate(person.givenNames, state.expandsUmlauts);
  const documentCode = fit(options.documentCode ?? (format === "TD3" ? "P<" : "I<"), 2);
  const doc = fit(person.documentNumber, 9);
  const docCd = checkDigit(doc);
  const dob = mrzDate(person.dateOfBirth);
  const exp = mrzDate(person.dateOfExpiry);
  const sex = person.sex === "X" ? "<" : person.sex;
  const width = format === "TD1" ? 30 : format === "TD2" ? 31 : 39;
  const name = nameField(surname, given, width);

  let lines: string[];
  if (format === "TD3") {
    const personal = fit(person.personalNumber, 14);
    const personalCd = person.personalNumber ? checkDigit(personal) : "<";
    const composite = checkDigit(doc + docCd + dob + checkDigit(dob) + exp + checkDigit(exp) + personal + personalCd);
    lines = [
      documentCode + state.mrzCode + name.field,
      doc + docCd + nationalityMrz + dob + checkDigit(dob) + sex + exp + checkDigit(exp) + personal + personalCd + composite,
    ];
  } else if (format === "TD2") {
    const optional = fit(person.personalNumber, 7);
    const composite = checkDigit(doc + docCd + dob + checkDigit(dob) + exp + checkDigit(exp) + optional);
    lines = [
      documentCode + state.mrzCode + name.field,
      doc + docCd + nationalityMrz + dob + checkDigit(dob) + sex + exp + checkDigit(exp) + optional + composite,
    ];
  } else {
    const optional1 = fit(person.personalNumber, 15);
    const optional2 = fit("", 11);
    const line1 = documentCode + state.mrzCode + doc + docCd + optional1;
    const line2Head = dob + checkDigit(dob) + sex + exp + checkDigit(exp) + nationalityMrz + optional2;
    const composite = checkDigit(line1.slice(5, 30) + line2Head.slice(0, 7) + line2Head.slice(8, 15) + line2Head.slice(18, 29));
    lines = [line1, line2Head + composite, name.field];
  }

  const [mrzSurname = "", mrzGiven = ""] = name.field.replace(/<+$/, "").split("<<");
  const truth: MrzTruth = {
    format,
    documentCode: documentCode.replace(/<$/, ""),
    issuingState: person.issuingState,
    issuingStateMrz: state.mrzCode,
    nationality: person.nationality,
    nationalityMrz,
    documentNumber: person.documentNumber,
    surname: mrzSurname.replace(/</g, " ").trim(),
    givenNames: mrzGiven.replace(/</g, " ").trim(),
    nameTruncated: name.truncated,
    birthDate: dob,
    expirationDate: exp,
    sex,
    personalNumber: person.personalNumber.slice(0, format === "TD2" ? 7 : format === "TD1" ? 15 : 14),
  };
  const result: ComposedMrz = { format, lines, truth };
  if (options.tamper) tamperMrz(result, options.tamper);
  for (const line of result.lines) if (line.length !== MRZ_SHAPE[format].length) throw new Error(`bad MRZ line length: ${line}`);
  return result;
}

// Where each check digit sits: [line, position] per format.
const CHECK_AT: Record<MrzFormat, Record<"documentNumber" | "birthDate" | "expirationDate" | "composite", [number, number]>> = {
  TD3: { documentNumber: [1, 9], birthDate: [1, 19], expirationDate: [1, 27], composite: [1, 43] },
  TD2: { documentNumber: [1, 9], birthDate: [1, 19], expirationDate: [1, 27], composite: [1, 35] },
  TD1: { documentNumber: [0, 14], birthDate: [1, 6], expirationDate: [1, 14], composite: [1, 29] },
};

const CHECK_FIELD_NAMES = {
  documentNumber: "documentNumberCheckDigit",
  birthDate: "birthDateCheckDigit",
  expirationDate: "expirationDateCheckDigit",
  composite: "compositeCheckDigit",
} as const;

// Characters of equal value mod 10, which a 7-3-1 check digit cannot tell apart.
const SAME_CLASS = ["0AKU", "1BLV", "2CMW", "3DNX", "4EOY", "5FPZ", "6GQ", "7HR", "8IS", "9JT"];

function replaceAt(line: string, position: number, ch: string): string {
  return line.slice(0, position) + ch + line.slice(position + 1);
}

function tamperMrz(mrz: ComposedMrz, tamper: MrzTamper): void {
  const at = CHECK_AT[mrz.format];
  if (tamper.kind === "check-digit") {
    const [line, position] = at[tamper.field];
    const from = (mrz.lines[line] as string)[position] as string;
    const to = String((Number(from) + 5) % 10);
    mrz.lines[line] = replaceAt(mrz.lines[line] as string, position, to);
    const failingChecks: string[] = [CHECK_FIELD_NAMES[tamper.field]];
    if (tamper.field !== "composite") failingChecks.push(CHECK_FIELD_NAMES.composite);
    mrz.tampered = { kind: tamper.kind, line, position, from, to, failingChecks };
    return;
  }
  const [line, cdPosition] = at.documentNumber;
  const start = cdPosition - 9;
  const offset = tamper.position ?? 4;
  const position = start + offset;
  const from = (mrz.lines[line] as string)[position] as string;
  let to: string;
  if (tamper.sameClass) {
    const cls = SAME_CLASS.find((c) => c.includes(from)) as string;
    to = cls[(cls.indexOf(from) + 1) % cls.length] as string;
  } else {
    // Keep the tamper detectable: never a character of the same class (digit stays digit when it can).
    const sameClassAs = (a: string, b: string) => SAME_CLASS.some((c) => c.includes(a) && c.includes(b));
    const options = /\d/.test(from) ? ["7", "3", "1"] : ["X", "K", "E"];
    to = options.find((c) => c !== from && !sameClassAs(from, c)) as string;
  }
  mrz.lines[line] = replaceAt(mrz.lines[line] as string, position, to);
  mrz.tampered = {
    kind: tamper.kind,
    line,
    position,
    from,
    to,
    failingChecks: tamper.sameClass ? [] : [CHECK_FIELD_NAMES.documentNumber, CHECK_FIELD_NAMES.composite],
  };
}
