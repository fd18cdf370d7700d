import { parse } from "mrz";
import type { DocumentIdentity, MrzFormat } from "../types";

export interface ParsedMrz {
  /** Every check digit passes and every field is well formed (mrz 5.0.2 `parse().valid`). */
  valid: boolean;
  format: MrzFormat | null;
  documentCode: string | null;
  identity: DocumentIdentity;
  /** Fields the parser refused, with its reason: for reviewers and for the retake hint. */
  invalidFields: { field: string; error: string; line: number }[];
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

/** Parses MRZ lines with the `mrz` package and maps its fields onto the engine's identity. */
export function parseMrz(lines: readonly string[], now = new Date()): ParsedMrz {
  let result: ReturnType<typeof parse>;
  try {
    result = parse([...lines]);
  } catch {
    return { valid: false, format: null, documentCode: null, identity: emptyIdentity(), invalidFields: [{ field: "format", error: "not an MRZ layout", line: 0 }] };
  }
  const f = result.fields;
  const invalidFields = result.details.filter((d) => !d.valid).map((d) => ({ field: d.field ?? d.label, error: d.error ?? "invalid", line: d.line }));
  const format = (["TD1", "TD2", "TD3"] as const).find((name) => name === result.format) ?? null;
  const identity: DocumentIdentity = {
    firstName: f.firstName ?? null,
    lastName: f.lastName ?? null,
    dateOfBirth: mrzDate(f.birthDate, "birth", now),
    sex: f.sex ? (SEX[f.sex] ?? null) : null,
    nationality: f.nationality ?? null,
    documentNumber: f.documentNumber ?? null,
    expirationDate: mrzDate(f.expirationDate, "expiry", now),
    dateOfIssue: null,
    issuingCountry: f.issuingState ?? null,
  };
  return { valid: result.valid, format, documentCode: f.documentCode ?? null, identity, invalidFields };
}

export function emptyIdentity(): DocumentIdentity {
  return { firstName: null, lastName: null, dateOfBirth: null, sex: null, nationality: null, documentNumber: null, expirationDate: null, dateOfIssue: null, issuingCountry: null };
}
