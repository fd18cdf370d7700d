import { rowOf } from "../../ocr/join-rows";
import type { OcrLine } from "../../ocr/learned-ocr";
import { MRZ_ALPHABET, MRZ_SHAPES, type MrzFormat } from "../../types";
import { frame, rowsInFrame } from "./text-frame";

/*
 * The learned OCR's lines → the page's MRZ: its lines' boxes (where the other readers look) and
 * their text (one independent reading). The text is cleaned only of what a general-purpose
 * recogniser does to OCR-B: lower case, spaces, chevrons read as guillemets or as "K" inside a run
 * of chevrons, a run of fillers one or two too long or short. Anything else is left as read: this
 * reading is one reader's, and is accepted only where another reader reads the same.
 */

export interface OcrMrz {
  /** The layout its text tells (TD1, TD2, TD3, MRV-A/B, the French ID) and its shape. */
  format: MrzFormat;
  /** The learned OCR's lines of the zone, top to bottom. */
  lines: OcrLine[];
  /** Their text, cleaned and brought to the layout's length where the fillers allow it. */
  texts: string[];
}

const CHEVRONS: Record<string, string> = { "«": "<<", "‹": "<", く: "<", "〈": "<", "＜": "<", "≪": "<<", "(": "<" };

/** Upper case, without spaces, chevron look-alikes made chevrons; characters outside the MRZ alphabet kept as "?". */
export function cleanMrzText(text: string): string {
  let out = "";
  for (const raw of text.replace(/\s+/g, "")) {
    const ch = CHEVRONS[raw] ?? raw.toUpperCase();
    for (const c of ch) out += MRZ_ALPHABET.includes(c) ? c : "?";
  }
  // A "K" between chevrons is a chevron (the filler's two strokes read as the letter's).
  return out.replace(/<K(?=<)/g, "<<").replace(/<K(?=<)/g, "<<");
}

/** A line brought to `chars` by growing or shrinking its longest run of fillers (by at most 3). */
export function fitLength(text: string, chars: number): string {
  const diff = chars - text.length;
  if (diff === 0 || Math.abs(diff) > 3) return text;
  let best: { start: number; length: number } | null = null;
  for (const m of text.matchAll(/<{2,}/g)) if (!best || m[0].length >= best.length) best = { start: m.index, length: m[0].length };
  if (!best || best.length + diff < 1) return text;
  return text.slice(0, best.start) + "<".repeat(best.length + diff) + text.slice(best.start + best.length);
}

/** How far (a share of the band's pitch) a line may lie from where the band's pitch puts it. */
const PITCH_TOLERANCE = 0.25;

interface Candidate {
  line: OcrLine;
  text: string;
  /** Centre and left edge along the text (u) and down it (v), in the text's frame. */
  cx: number;
  cy: number;
  left: number;
  width: number;
  height: number;
}

function geometry(line: OcrLine, angle = 0) {
  const [tl, tr, br, bl] = line.box;
  const { u, v } = frame(angle);
  const width = Math.hypot(tr[0] - tl[0], tr[1] - tl[1]);
  const height = Math.hypot(bl[0] - tl[0], bl[1] - tl[1]);
  const cx = (u(tl) + u(tr) + u(br) + u(bl)) / 4;
  const cy = (v(tl) + v(tr) + v(br) + v(bl)) / 4;
  return { width, height, cx, cy, left: (u(tl) + u(bl)) / 2 };
}

/** A line of text that may be an MRZ line: long, nearly all MRZ characters, with a chevron. */
function mrzLike(text: string, minLength = 24): boolean {
  if (text.length < minLength || text.length > 48) return false;
  const bad = [...text].filter((c) => c === "?").length;
  return bad <= 1 && text.includes("<");
}

/**
 * A line of an MRZ whose fillers were all missed: the second line of a TD3 or TD2 (document number,
 * dates, check digits) can hold no chevron before them. Taken only in a group with a line that has.
 */
function digitsLine(text: string): boolean {
  return (
    text.length >= 20 && text.length <= 48 && !text.includes("?") && [...text].filter((c) => c >= "0" && c <= "9").length >= text.length / 2
  );
}

/**
 * The layout of an MRZ of one of the ICAO shapes whose first line starts `first`: a visa (MRV-A on
 * TD3's shape, MRV-B on TD2's) starts with V, the French ID (TD2's shape) with IDFRA.
 */
export function layoutOfShape(shape: "TD1" | "TD2" | "TD3", first: string): MrzFormat {
  if (shape === "TD1") return "TD1";
  if (first.startsWith("V")) return shape === "TD3" ? "MRVA" : "MRVB";
  return shape === "TD2" && /^[I1]DFRA/.test(first) ? "FRENCH_ID" : shape;
}

/** The layout two or three lines' text tells. */
function layoutOf(texts: string[]): MrzFormat | null {
  const n = texts.length;
  const mean = texts.reduce((s, t) => s + t.length, 0) / n;
  if (n === 3) return Math.abs(mean - 30) <= 3 ? "TD1" : null;
  if (n !== 2) return null;
  const first = texts[0]!;
  if (Math.abs(mean - 44) <= 3) return layoutOfShape("TD3", first);
  if (Math.abs(mean - 36) <= 3) return layoutOfShape("TD2", first);
  return null;
}

/**
 * Lines stacked as an MRZ's are, in the text's frame: one under the other, a line's height or
 * three apart, centred alike and of about one width (`loose`: left-aligned alike, of any width:
 * lines whose runs of fillers the detector missed).
 */
function stackedGroups(ocr: OcrLine[], angle: number, loose: boolean): Candidate[][] {
  // Rows joined only from boxes of MRZ characters: a stray box of other script on the line (a
  // hologram read as text) must not make the line's text foreign nor stretch its box.
  const mrzParts = ocr.flatMap((l) => l.parts ?? [l]).filter((p) => [...cleanMrzText(p.text)].filter((c) => c === "?").length <= 1);
  const candidate = (line: OcrLine): Candidate => ({ line, text: cleanMrzText(line.text), ...geometry(line, angle) });
  const rows = rowsInFrame(mrzParts, angle).map(candidate);
  const candidates = rows
    .filter((c) => (mrzLike(c.text, loose ? 12 : 24) || (loose && digitsLine(c.text))) && c.width > 4 * c.height)
    .sort((a, b) => a.cy - b.cy);
  const groups: Candidate[][] = [];
  for (const c of candidates) {
    // Of the groups the line may continue, the one whose last line is nearest above it.
    const fitting = groups.filter((g) => {
      const last = g[g.length - 1]!;
      const gap = c.cy - last.cy;
      const wide = Math.max(c.width, last.width);
      const aligned = loose
        ? Math.abs(c.left - last.left) < 1.5 * Math.max(last.height, c.height)
        : Math.abs(c.width - last.width) < 0.2 * wide && Math.abs(c.cx - last.cx) < 0.15 * wide;
      // An MRZ's lines are printed at one pitch: a third line lies as far under the second as the
      // second under the first (a printed line above the zone, left-aligned with it, took the band's
      // first two lines into its group and left the third out).
      const pitch = g.length < 2 || Math.abs(gap - (last.cy - g[g.length - 2]!.cy)) < PITCH_TOLERANCE * (last.cy - g[g.length - 2]!.cy);
      return g.length < 3 && gap > 0.8 * last.height && gap < 3.5 * Math.max(last.height, c.height) && aligned && pitch;
    });
    const group = fitting.sort((a, b) => b[b.length - 1]!.cy - a[a.length - 1]!.cy)[0];
    if (group) group.push(c);
    else groups.push([c]);
  }
  if (!groups.some((g) => g.length === 2)) return groups;
  const thirdLines = [...rows, ...rows.flatMap((row) => rowTails(row).map(candidate))];
  return groups.map((g) => withThirdLine(g, thirdLines));
}

/**
 * A row's tails: the row from each of its parts after the first on.
 * A card's MRZ may share its rows with printed words on its left (Serbia's card: `diia Jeut`
 * before its name line), which the row joins to the line.
 */
function rowTails(row: Candidate): OcrLine[] {
  const parts = row.line.parts ?? [];
  return parts.slice(1).map((_, i) => rowOf(parts.slice(i + 1)));
}

/**
 * A TD1 band of which two lines were found: its third is the row of the band's width, left edge and
 * pitch right under (or over) them, whatever its text says. Small print's fillers are read as
 * letters ("CCCC", "KSCSS"), and the name line, which holds no digit, then holds no chevron either.
 * The row is one of the band's by where it lies; its text stays one reader's reading, which the
 * OCR-B readers' readings of the same line must match. Taken only when exactly one side has it.
 * The row may be the tail of a longer one (rowTails): words printed beside the zone on its row.
 * Its text has the line's length or is an MRZ-like run of 12 or more (a line of fillers whose
 * chevrons the learned OCR dropped: `1M00029067<0<<` for a card's first line); a band whose text is
 * then not whole has no layout by its text, and is read again in the rectified band (band-lines.ts).
 */
function withThirdLine(group: Candidate[], rows: Candidate[]): Candidate[] {
  if (group.length !== 2) return group;
  const [a, b] = group as [Candidate, Candidate];
  const chars = MRZ_SHAPES.TD1.chars;
  // Two lines of a TD1's length, or one of them and the other as wide (its fillers dropped by the
  // recogniser, its box the band's width: small print enlarged, `6411231F1901012LTU<<<9`).
  const asWide = Math.abs(a.width - b.width) < 0.15 * Math.max(a.width, b.width);
  const oneWhole = [a, b].some((c) => Math.abs(c.text.length - chars) <= 3);
  if (Math.abs((a.text.length + b.text.length) / 2 - chars) > 3 && !(asWide && oneWhole)) return group;
  const pitch = b.cy - a.cy;
  const fits = (c: Candidate, cy: number) =>
    !group.includes(c) &&
    Math.abs(c.cy - cy) < PITCH_TOLERANCE * pitch &&
    Math.abs(c.left - a.left) < 1.5 * a.height &&
    Math.abs(c.width - a.width) < 0.15 * a.width &&
    (Math.abs(c.text.length - chars) <= 3 || mrzLike(c.text, 12)) &&
    [...c.text].filter((ch) => ch === "?").length <= 1;
  const below = rows.filter((c) => fits(c, b.cy + pitch));
  const above = rows.filter((c) => fits(c, a.cy - pitch));
  if (below.length === 1 && above.length === 0) return [a, b, below[0]!];
  if (above.length === 1 && below.length === 0) return [above[0]!, a, b];
  return group;
}

/**
 * The MRZ among the learned OCR's lines: two or three MRZ-like lines of about the same length,
 * one under the other, of about the same width and left edge. The lowest such group on the page.
 * `angle`: the page's text direction (text-frame.ts); the lines' boxes come back with their
 * corners in reading order.
 */
export function findMrzText(ocr: OcrLine[], angle = 0): OcrMrz | null {
  const found = stackedGroups(ocr, angle, false)
    .map((g) => ({ g, format: layoutOf(g.map((c) => c.text)) }))
    .filter((x): x is { g: Candidate[]; format: MrzFormat } => x.format !== null)
    .sort((a, b) => b.g[0]!.cy - a.g[0]!.cy)[0];
  if (!found) return null;
  const { chars } = MRZ_SHAPES[found.format];
  return { format: found.format, lines: found.g.map((c) => c.line), texts: found.g.map((c) => fitLength(c.text, chars)) };
}

/** Where an MRZ is, when its text is not whole: the lowest group of two or three stacked, left-aligned MRZ-like lines (of 12 characters or more). */
export interface MrzBandGuess {
  /** The layout the text tells, when it does (then `texts` are fitted to it). */
  format: MrzFormat | null;
  lines: OcrLine[];
  texts: string[];
}

export function findMrzBand(ocr: OcrLine[], angle = 0): MrzBandGuess | null {
  const whole = findMrzText(ocr, angle);
  if (whole) return whole;
  const group = stackedGroups(ocr, angle, true)
    .filter((g) => g.length >= 2 && g.some((c) => c.text.includes("<")))
    .sort((a, b) => b[0]!.cy - a[0]!.cy)[0];
  return group ? { format: null, lines: group.map((c) => c.line), texts: group.map((c) => c.text) } : null;
}
