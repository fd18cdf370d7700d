import type { OcrWord } from "./ocr";

/*
 * Assigns OCR'd words to the photocard's numbered fields by where they sit on the flattened card
 * (card px, 1027 × 648): each field is one printed row; the numbers "1.", "2.", "4a." … sit in a
 * label column left of the values, and row 4 also holds "4c." and the issuing authority to the
 * right. Rows are matched to the nearest expected row centre, so a flattening that is a few px off
 * (perspective, rounded corners) still lands every word on its row.
 */

export type FieldKey = "1" | "2" | "3" | "4a" | "4b" | "4c" | "5";

/** Vertical centre of each field row's capitals on the flat card, and where the values start. */
export const FIELD_ROWS: { key: FieldKey; centre: number }[] = [
  { key: "1", centre: 157 },
  { key: "2", centre: 201 },
  { key: "3", centre: 245 },
  { key: "4a", centre: 289 },
  { key: "4b", centre: 333 },
  { key: "5", centre: 380 },
];
export const VALUE_LEFT = 366;
/** Row 4: the "4c." label starts here and its value after it. */
export const AUTHORITY_LABEL_LEFT = 632;
export const AUTHORITY_VALUE_LEFT = 686;

export type FieldWords = Record<FieldKey, OcrWord[]>;

export function assignWords(words: OcrWord[]): FieldWords {
  const fields: FieldWords = { "1": [], "2": [], "3": [], "4a": [], "4b": [], "4c": [], "5": [] };
  for (const word of words) {
    if (!word.text.trim()) continue;
    const centre = (word.box.y0 + word.box.y1) / 2;
    const row = FIELD_ROWS.reduce((best, r) => (Math.abs(r.centre - centre) < Math.abs(best.centre - centre) ? r : best));
    if (Math.abs(row.centre - centre) > 20) continue;
    const middle = (word.box.x0 + word.box.x1) / 2;
    if (word.box.x1 < VALUE_LEFT + 4 || middle < VALUE_LEFT) continue; // the field number itself
    if (row.key === "4a" && word.box.x0 >= AUTHORITY_LABEL_LEFT - 6) {
      if (middle >= AUTHORITY_VALUE_LEFT - 4) fields["4c"].push(word);
      continue;
    }
    fields[row.key].push(word);
  }
  for (const key of Object.keys(fields) as FieldKey[]) fields[key].sort((a, b) => a.box.x0 - b.box.x0);
  return fields;
}

export interface ParsedFields {
  surname: string | null;
  givenNames: string | null;
  dateOfBirth: string | null;
  placeOfBirth: string | null;
  dateOfIssue: string | null;
  expirationDate: string | null;
  issuingAuthority: string | null;
  documentNumber: string | null;
  /** Fields whose text was there but not in the expected form (dates in particular). */
  malformed: FieldKey[];
}

const NAME = /^[A-Z][A-Z'-]*( [A-Z][A-Z'-]*)*$/;

/** DD.MM.YYYY → YYYY-MM-DD when it is a real calendar date. */
export function parsePrintedDate(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return null;
  const [, dd = "", mm = "", yyyy = ""] = match;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCDate() !== Number(dd) || date.getUTCMonth() !== Number(mm) - 1) return null;
  return `${yyyy}-${mm}-${dd}`;
}

const joined = (words: OcrWord[]): string =>
  words
    .map((w) => w.text)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();

export function parseFields(fields: FieldWords): ParsedFields {
  const malformed: FieldKey[] = [];
  const name = (key: FieldKey): string | null => {
    const text = joined(fields[key]);
    if (!text) return null;
    if (NAME.test(text)) return text;
    malformed.push(key);
    return null;
  };
  const date = (key: FieldKey, text: string): string | null => {
    if (!text) return null;
    const parsed = parsePrintedDate(text);
    if (!parsed) malformed.push(key);
    return parsed;
  };
  const [birthText = "", ...place] = joined(fields["3"]).split(" ");
  // Field 5 ends with the two-digit issue number, printed apart from the driver number.
  const numberWords = [...fields["5"]];
  const last = numberWords.at(-1);
  if (numberWords.length > 1 && last && /^\d{2}$/.test(last.text)) numberWords.pop();
  const number = numberWords
    .map((w) => w.text)
    .join("")
    .toUpperCase();
  return {
    surname: name("1"),
    givenNames: name("2"),
    dateOfBirth: date("3", birthText),
    placeOfBirth: place.join(" ") || null,
    dateOfIssue: date("4a", joined(fields["4a"])),
    expirationDate: date("4b", joined(fields["4b"])),
    issuingAuthority: joined(fields["4c"]) || null,
    documentNumber: number || null,
    malformed,
  };
}
