import { parse } from "mrz";
import type { DocumentIdentity, MrzFormat } from "../types";

export interface ParsedMrz {
  /**
   * Every check digit passes and every field is well formed (mrz 5.0.2 `parse().valid`, or the
   * visa rules below). A state code of three letters that the `mrz` package does not list (ICAO's
   * specimen state UTO, a code newer than the package) does not make a reading invalid: it is
   * reported in `unknownStates`, and the document fails its own validation for it.
   */
  valid: boolean;
  format: MrzFormat | null;
  documentCode: string | null;
  identity: DocumentIdentity;
  /** Fields the parser refused, with its reason: for reviewers and for the retake hint. */
  invalidFields: { field: string; error: string; line: number }[];
  /** Three-letter state codes read that are not a known state (UTO: ICAO 9303's specimen "Utopia"). */
  unknownStates: string[];
}

/** YYMMDD → YYYY-MM-DD. Birth dates never lie in the future; expiry dates are this century. */
export function mrzDate(value: string | null | undefined, kind: "birth" | "expiry" | "issue", now = new Date()): string | null {
  if (!value || !/^\d{6}$/.test(value)) return null;
  const yy = Number(value.slice(0, 2));
  const mm = Number(value.slice(2, 4));
  const dd = Number(value.slice(4, 6));
  const currentYy = now.getUTCFullYear() % 100;
  const century = kind === "expiry" ? 2000 : yy > currentYy ? 1900 : 2000;
  const year = century + yy;
  const date = new Date(Date.UTC(year, mm - 1, dd));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) return null;
  return `${year}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
}

const SEX: Record<string, DocumentIdentity["sex"]> = { male: "M", female: "F", nonspecified: "X" };
const FORMATS: Record<string, MrzFormat> = { TD1: "TD1", TD2: "TD2", TD3: "TD3", FRENCH_NATIONAL_ID: "FRENCH_ID" };

/** Parses MRZ lines (the `mrz` package; visas here) and maps their fields onto the engine's identity. */
export function parseMrz(lines: readonly string[], now = new Date()): ParsedMrz {
  if (
    lines.length === 2 &&
    lines[0]!.startsWith("V") &&
    (lines[0]!.length === 44 || lines[0]!.length === 36) &&
    lines[1]!.length === lines[0]!.length
  ) {
    return parseVisa(lines, now);
  }
  let result: ReturnType<typeof parse>;
  try {
    result = parse([...lines]);
  } catch {
    return {
      valid: false,
      format: null,
      documentCode: null,
      identity: emptyIdentity(),
      invalidFields: [{ field: "format", error: "not an MRZ layout", line: 0 }],
      unknownStates: [],
    };
  }
  const f = result.fields;
  const unknownStates: string[] = [];
  const invalidFields: ParsedMrz["invalidFields"] = [];
  for (const d of result.details) {
    if (d.valid) continue;
    const raw = lines[d.line]?.slice(d.start, d.end) ?? "";
    if ((d.field === "issuingState" || d.field === "nationality") && /^[A-Z]{3}$/.test(raw) && d.error?.startsWith("invalid state code")) {
      unknownStates.push(raw);
      continue;
    }
    // Six digits whose check digit holds but which name no calendar day (a specimen's 000000, an
    // issuer's 00 for an unknown month): the text is as printed, the date is unknown (null), and
    // the document fails on it (required fields, expiry), never the reading (issue 33: a Croatian
    // specimen card was refused as mrz_invalid though every check digit held).
    if ((d.field === "birthDate" || d.field === "expirationDate") && /^\d{6}$/.test(raw) && d.error?.startsWith("invalid date")) continue;
    invalidFields.push({ field: d.field ?? d.label, error: d.error ?? "invalid", line: d.line });
  }
  const format = FORMATS[result.format] ?? null;
  const stateOf = (field: "issuingState" | "nationality", line: number, start: number) =>
    f[field] ??
    (unknownStates.length ? (/^[A-Z]{3}$/.test(lines[line]!.slice(start, start + 3)) ? lines[line]!.slice(start, start + 3) : null) : null);
  const issuing = format === "TD1" || format === "TD2" || format === "TD3" ? stateOf("issuingState", 0, 2) : (f.issuingState ?? null);
  const nationality =
    format === "TD1" ? stateOf("nationality", 1, 15) : format === "TD2" || format === "TD3" ? stateOf("nationality", 1, 10) : null;
  const french = format === "FRENCH_ID";
  const identity: DocumentIdentity = {
    firstName: f.firstName ?? null,
    lastName: f.lastName ?? null,
    dateOfBirth: mrzDate(f.birthDate, "birth", now),
    sex: f.sex ? (SEX[f.sex] ?? null) : null,
    // The French card is issued to French nationals only; its number is its first 12 characters (issue, department, office, serial).
    nationality: french ? "FRA" : nationality,
    documentNumber: french ? lines[1]!.slice(0, 12) : (f.documentNumber ?? null),
    expirationDate: mrzDate(f.expirationDate, "expiry", now),
    dateOfIssue: null,
    issuingCountry: issuing,
  };
  return { valid: invalidFields.length === 0, format, documentCode: f.documentCode ?? null, identity, invalidFields, unknownStates };
}

const DIGIT_VALUE = (ch: string) => (ch === "<" ? 0 : /\d/.test(ch) ? Number(ch) : /[A-Z]/.test(ch) ? ch.charCodeAt(0) - 55 : -1);

/** ICAO 9303 part 3 check digit (weights 7, 3, 1); null when a character is not in the MRZ alphabet. */
export function checkDigit(field: string): string | null {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const v = DIGIT_VALUE(field[i]!);
    if (v < 0) return null;
    sum += v * [7, 3, 1][i % 3]!;
  }
  return String(sum % 10);
}

/**
 * ICAO 9303 part 7's machine-readable visas: MRV-A (2 × 44) and MRV-B (2 × 36). Line 2 holds the
 * number, nationality, birth date, sex and expiry, each date and the number with a check digit;
 * there is no composite check digit.
 */
function parseVisa(lines: readonly string[], now: Date): ParsedMrz {
  const [l1, l2] = lines as [string, string];
  const format: MrzFormat = l1.length === 44 ? "MRVA" : "MRVB";
  const invalidFields: ParsedMrz["invalidFields"] = [];
  const field = (name: string, value: string, check: string) => {
    if (checkDigit(value) !== check) invalidFields.push({ field: `${name}CheckDigit`, error: `invalid check digit: ${check}`, line: 1 });
  };
  const number = l2.slice(0, 9);
  field("documentNumber", number, l2[9]!);
  field("birthDate", l2.slice(13, 19), l2[19]!);
  field("expirationDate", l2.slice(21, 27), l2[27]!);
  if (!/^[MF<]$/.test(l2[20]!)) invalidFields.push({ field: "sex", error: "invalid sex", line: 1 });
  const birth = mrzDate(l2.slice(13, 19), "birth", now);
  const expiry = mrzDate(l2.slice(21, 27), "expiry", now);
  if (!birth) invalidFields.push({ field: "birthDate", error: "invalid date", line: 1 });
  if (!expiry) invalidFields.push({ field: "expirationDate", error: "invalid date", line: 1 });
  const alpha3 = (s: string) => (/^[A-Z<]{3}$/.test(s) ? s.replace(/<+$/, "") || null : null);
  const issuing = alpha3(l1.slice(2, 5));
  const nationality = alpha3(l2.slice(10, 13));
  if (!issuing) invalidFields.push({ field: "issuingState", error: "invalid state code", line: 0 });
  if (!nationality) invalidFields.push({ field: "nationality", error: "invalid state code", line: 1 });
  const [surname = "", given = ""] = l1.slice(5).split("<<");
  const name = (s: string) => s.replace(/</g, " ").trim() || null;
  const identity: DocumentIdentity = {
    firstName: name(given),
    lastName: name(surname),
    dateOfBirth: birth,
    sex: l2[20] === "M" ? "M" : l2[20] === "F" ? "F" : l2[20] === "<" ? "X" : null,
    nationality,
    documentNumber: number.replace(/<+$/, "") || null,
    expirationDate: expiry,
    dateOfIssue: null,
    issuingCountry: issuing,
  };
  return {
    valid: invalidFields.length === 0,
    format,
    documentCode: l1.slice(0, 2).replace(/<$/, ""),
    identity,
    invalidFields,
    unknownStates: [],
  };
}

export function emptyIdentity(): DocumentIdentity {
  return {
    firstName: null,
    lastName: null,
    dateOfBirth: null,
    sex: null,
    nationality: null,
    documentNumber: null,
    expirationDate: null,
    dateOfIssue: null,
    issuingCountry: null,
  };
}
