import { MRZ_ALPHABET, type MrzFormat } from "../types";

/*
 * What each MRZ cell may hold, by ICAO 9303 layout. A reader that sees "O" where only a digit may
 * stand has read a 0: the layout, not the check digits, settles it (the check digits cannot tell
 * O from 0 or 8 from S anyway: documents-lab.md, "blind spots"). Cells that may hold either
 * (document number, optional data) are left as read.
 */

export type CellClass = "digit" | "alpha" | "alnum" | "sex" | "code";

/** A field's range on one line: [line, start, end) with its class. */
interface Range {
  line: number;
  start: number;
  end: number;
  cls: CellClass;
  /** Name zones: no check digit covers them (documents-lab.md: most dangerous errors are here). */
  name?: boolean;
  /** Other cells no check digit covers: the document code, the issuing state, nationality, sex (and a visa's optional data). */
  untested?: boolean;
  /** A state code (issuing state, nationality): tested by ICAO's list of codes where no check digit covers it. */
  state?: boolean;
}

const LAYOUTS: Record<MrzFormat, Range[]> = {
  TD3: [
    { line: 0, start: 0, end: 1, cls: "code", untested: true },
    { line: 0, start: 1, end: 2, cls: "alpha", untested: true },
    { line: 0, start: 2, end: 5, cls: "alpha", untested: true, state: true },
    { line: 0, start: 5, end: 44, cls: "alpha", name: true },
    { line: 1, start: 0, end: 9, cls: "alnum" },
    { line: 1, start: 9, end: 10, cls: "digit" },
    { line: 1, start: 10, end: 13, cls: "alpha", untested: true, state: true },
    { line: 1, start: 13, end: 20, cls: "digit" },
    { line: 1, start: 20, end: 21, cls: "sex", untested: true },
    { line: 1, start: 21, end: 28, cls: "digit" },
    { line: 1, start: 28, end: 42, cls: "alnum" },
    { line: 1, start: 42, end: 44, cls: "digit" },
  ],
  TD2: [
    { line: 0, start: 0, end: 1, cls: "code", untested: true },
    { line: 0, start: 1, end: 2, cls: "alpha", untested: true },
    { line: 0, start: 2, end: 5, cls: "alpha", untested: true, state: true },
    { line: 0, start: 5, end: 36, cls: "alpha", name: true },
    { line: 1, start: 0, end: 9, cls: "alnum" },
    { line: 1, start: 9, end: 10, cls: "digit" },
    { line: 1, start: 10, end: 13, cls: "alpha", untested: true, state: true },
    { line: 1, start: 13, end: 20, cls: "digit" },
    { line: 1, start: 20, end: 21, cls: "sex", untested: true },
    { line: 1, start: 21, end: 28, cls: "digit" },
    { line: 1, start: 28, end: 35, cls: "alnum" },
    { line: 1, start: 35, end: 36, cls: "digit" },
  ],
  TD1: [
    { line: 0, start: 0, end: 1, cls: "code", untested: true },
    { line: 0, start: 1, end: 2, cls: "alpha", untested: true },
    { line: 0, start: 2, end: 5, cls: "alpha", untested: true, state: true },
    { line: 0, start: 5, end: 14, cls: "alnum" },
    { line: 0, start: 14, end: 15, cls: "digit" },
    { line: 0, start: 15, end: 30, cls: "alnum" },
    { line: 1, start: 0, end: 7, cls: "digit" },
    { line: 1, start: 7, end: 8, cls: "sex", untested: true },
    { line: 1, start: 8, end: 15, cls: "digit" },
    { line: 1, start: 15, end: 18, cls: "alpha", untested: true, state: true },
    { line: 1, start: 18, end: 29, cls: "alnum" },
    { line: 1, start: 29, end: 30, cls: "digit" },
    { line: 2, start: 0, end: 30, cls: "alpha", name: true },
  ],
  // MRV-A and MRV-B: a passport's lines without the personal number's check digits or the composite.
  MRVA: [
    { line: 0, start: 0, end: 1, cls: "code", untested: true },
    { line: 0, start: 1, end: 2, cls: "alpha", untested: true },
    { line: 0, start: 2, end: 5, cls: "alpha", untested: true, state: true },
    { line: 0, start: 5, end: 44, cls: "alpha", name: true },
    { line: 1, start: 0, end: 9, cls: "alnum" },
    { line: 1, start: 9, end: 10, cls: "digit" },
    { line: 1, start: 10, end: 13, cls: "alpha", untested: true, state: true },
    { line: 1, start: 13, end: 20, cls: "digit" },
    { line: 1, start: 20, end: 21, cls: "sex", untested: true },
    { line: 1, start: 21, end: 28, cls: "digit" },
    { line: 1, start: 28, end: 44, cls: "alnum", untested: true },
  ],
  MRVB: [
    { line: 0, start: 0, end: 1, cls: "code", untested: true },
    { line: 0, start: 1, end: 2, cls: "alpha", untested: true },
    { line: 0, start: 2, end: 5, cls: "alpha", untested: true, state: true },
    { line: 0, start: 5, end: 36, cls: "alpha", name: true },
    { line: 1, start: 0, end: 9, cls: "alnum" },
    { line: 1, start: 9, end: 10, cls: "digit" },
    { line: 1, start: 10, end: 13, cls: "alpha", untested: true, state: true },
    { line: 1, start: 13, end: 20, cls: "digit" },
    { line: 1, start: 20, end: 21, cls: "sex", untested: true },
    { line: 1, start: 21, end: 28, cls: "digit" },
    { line: 1, start: 28, end: 36, cls: "alnum", untested: true },
  ],
  // France's card: IDFRA, surname (25), office code (6); issue YYMM, department (3), office and
  // serial (5), check digit, given names (14), birth date and check, sex, composite check digit.
  FRENCH_ID: [
    { line: 0, start: 0, end: 1, cls: "code" },
    { line: 0, start: 1, end: 5, cls: "alpha" },
    { line: 0, start: 5, end: 30, cls: "alpha", name: true },
    { line: 0, start: 30, end: 36, cls: "alnum" },
    { line: 1, start: 0, end: 4, cls: "digit" },
    { line: 1, start: 4, end: 7, cls: "alnum" },
    { line: 1, start: 7, end: 13, cls: "digit" },
    { line: 1, start: 13, end: 27, cls: "alpha", name: true },
    { line: 1, start: 27, end: 34, cls: "digit" },
    { line: 1, start: 34, end: 35, cls: "sex" },
    { line: 1, start: 35, end: 36, cls: "digit" },
  ],
};

const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", U: "0", I: "1", L: "1", Z: "2", S: "5", G: "6", B: "8" };
const TO_ALPHA: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };

/**
 * The document code's first letter (ICAO 9303 parts 4–7): P on a passport (TD3), A, C or I on an
 * identity card or other travel document (TD1, TD2), V on a visa, which has a passport's or a TD2's
 * shape. A reader that chooses each cell among its class's glyphs chooses this one among these,
 * never a Z or an H no document starts with (issue 33: a card's I read as Z by one reader and its
 * 2 by another made the Z look settled). A document whose code is another letter is refused by
 * type whatever its reading (read-mrz.ts's CODES), so nothing readable is lost.
 */
const DOCUMENT_CODES: Record<MrzFormat, string> = {
  TD3: "PV",
  MRVA: "PV",
  TD2: "ACIV",
  MRVB: "ACIV",
  FRENCH_ID: "ACI",
  TD1: "ACI",
};

/** The layout's field the cell lies in (a layout's fields do not overlap), or undefined past its fields. */
function fieldAt(format: MrzFormat, line: number, index: number): Range | undefined {
  return LAYOUTS[format].find((r) => r.line === line && index >= r.start && index < r.end);
}

export function cellClass(format: MrzFormat, line: number, index: number): CellClass {
  return fieldAt(format, line, index)?.cls ?? "alnum";
}

/**
 * True when no check digit covers the cell: the holder's name, and the document code, issuing
 * state, nationality and sex (ICAO 9303: the check digits and the composite cover the number, the
 * dates and the optional data only; a French card's composite covers its first line too). A reading
 * of such a cell is never tested after it is settled.
 */
export function isUntestedCell(format: MrzFormat, line: number, index: number): boolean {
  const field = fieldAt(format, line, index);
  return !!(field?.name || field?.untested);
}

/** The state code (issuing state or nationality) the cell lies in, as [start, end) on its line; null elsewhere. */
export function stateFieldAt(format: MrzFormat, line: number, index: number): readonly [number, number] | null {
  const field = fieldAt(format, line, index);
  return field?.state ? [field.start, field.end] : null;
}

/** The layout's state code fields (issuing state, nationality), each as its line and [start, end). */
export function stateFields(format: MrzFormat): readonly (readonly [number, number, number])[] {
  return LAYOUTS[format].filter((r) => r.state).map((r) => [r.line, r.start, r.end] as const);
}

/** True when the cell lies in the holder's name, which no check digit protects. */
export function isNameCell(format: MrzFormat, line: number, index: number): boolean {
  return !!fieldAt(format, line, index)?.name;
}

/** True when a glyph can stand in no cell of its class, not even as a look-alike the class settles (`A` where a digit belongs; not `O`). */
export function outsideClass(format: MrzFormat, line: number, index: number, glyph: string): boolean {
  const cls = cellClass(format, line, index);
  const settled = cls === "digit" ? (TO_DIGIT[glyph] ?? glyph) : cls === "alpha" || cls === "code" ? (TO_ALPHA[glyph] ?? glyph) : glyph;
  return !cellGlyphs(format, line, index).includes(MRZ_ALPHABET.indexOf(settled));
}

/**
 * Issuers whose document numbers are drawn from a published alphabet narrower than ICAO's (letters
 * and digits), by the issuing state as the MRZ writes it. Germany's passports and identity cards
 * number their documents with digits and the consonants C F G H J K L M N P R T V W X Y Z: no
 * vowel, and none of B, D, Q, S, which pass for digits (Passverordnung, Anlage 11; the interior
 * ministry's notice of 1 November 2007; older numbers are digits alone, and since 2021 no 0). On such a
 * document a reader's O or D in the number is a 0 it misread, as it is in a digit field: the class,
 * not the check digit, settles it (issue 33: a German card's 1220004047 read as 122ODO4D47).
 */
const ISSUER_NUMBER_ALPHABETS: Record<string, string> = { "D<<": "0123456789CFGHJKLMNPRTVWXYZ" };
/** Per issuer, the digit look-alikes (TO_DIGIT) its alphabet has no letter for: those letters read in its numbers are digits misread. */
const ISSUER_NUMBER_LOOKALIKES: Record<string, Record<string, string>> = Object.fromEntries(
  Object.entries(ISSUER_NUMBER_ALPHABETS).map(([issuer, alphabet]) => [
    issuer,
    Object.fromEntries(Object.entries(TO_DIGIT).filter(([letter]) => !alphabet.includes(letter))),
  ]),
);
/** Where each layout prints the document number: [line, start, end). Visas (MRVA, MRVB) and France's card keep the general class. */
const NUMBER_CELLS: Partial<Record<MrzFormat, [number, number, number]>> = {
  TD3: [1, 0, 9],
  TD2: [1, 0, 9],
  TD1: [0, 5, 14],
};

/**
 * The lines with every cell brought into its class where the class settles it ("<" stays "<"); the
 * document number's cells into its issuer's alphabet where the issuer publishes one and the
 * reading's issuing-state cells (line 1, cells 3–5) name that issuer.
 */
export function applyPositionClasses(format: MrzFormat, lines: readonly string[]): string[] {
  const classed = lines.map((text, line) =>
    Array.from(text, (ch, index) => {
      const cls = cellClass(format, line, index);
      if (cls === "digit") return TO_DIGIT[ch] ?? ch;
      if (cls === "alpha" || cls === "code") return TO_ALPHA[ch] ?? ch;
      return ch;
    }).join(""),
  );
  const number = NUMBER_CELLS[format];
  const lookalikes = number && ISSUER_NUMBER_LOOKALIKES[classed[0]?.slice(2, 5) ?? ""];
  if (!number || !lookalikes || classed[number[0]] === undefined) return classed;
  const [line, start, end] = number;
  classed[line] = Array.from(classed[line]!, (ch, index) => (index >= start && index < end ? (lookalikes[ch] ?? ch) : ch)).join("");
  return classed;
}

/** The glyphs (indices into MRZ_ALPHABET) a cell of each class may hold; the document code's by layout (cellGlyphs). */
const CLASS_GLYPHS: Record<Exclude<CellClass, "code">, readonly number[]> = {
  digit: glyphIndices("0123456789<"),
  alpha: glyphIndices("ABCDEFGHIJKLMNOPQRSTUVWXYZ<"),
  alnum: glyphIndices(MRZ_ALPHABET),
  sex: glyphIndices("MF<"),
};
const CODE_GLYPHS = new Map(Object.entries(DOCUMENT_CODES).map(([format, codes]) => [format, glyphIndices(codes)]));

/** The glyphs (indices into MRZ_ALPHABET) a cell may hold: what the classed readers choose among. */
export function cellGlyphs(format: MrzFormat, line: number, index: number): readonly number[] {
  const cls = cellClass(format, line, index);
  return cls === "code" ? CODE_GLYPHS.get(format)! : CLASS_GLYPHS[cls];
}

export function glyphIndices(chars: string): number[] {
  return Array.from(chars, (ch) => MRZ_ALPHABET.indexOf(ch));
}
