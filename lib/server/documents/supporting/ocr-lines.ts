import type { OcrLine } from "../ocr/learned-ocr";
import type { TextPiece } from "./text-layout";

/*
 * The learned OCR's lines (a text, a mean character confidence and a four-corner box in image
 * pixels) made into the text pieces text-layout.ts lays out, in the frame of the page itself:
 *  - a photo is rarely square to the camera: the boxes are turned back by the page's text angle
 *    (the median slope of the wider lines' top edges), so a row's pieces share one height again;
 *  - a photo holds the table around the page: coordinates are made relative to the text's own
 *    extent (the lines read with confidence), so "near the top of the page" means the page's top,
 *    not the photo's;
 *  - the recognizer often drops the space after a house number ("44Kingsway Street"): it is put
 *    back where a line's leading digits run straight into a word.
 */

/** Lines read with less confidence than this do not set the page's extent (background texture read as text). */
const EXTENT_MIN_SCORE = 0.8;

export interface OcrLinesPage {
  pieces: TextPiece[];
  /** The text's extent, in the same units as the pieces (origin at its top-left). */
  width: number;
  height: number;
  /** Mean character confidence over all lines, 0–100 (weighted by characters). */
  confidence: number;
  /** Degrees the page's text was turned (clockwise positive), now undone. */
  angle: number;
}

const width = (l: OcrLine) => Math.hypot(l.box[1][0] - l.box[0][0], l.box[1][1] - l.box[0][1]);
const height = (l: OcrLine) => Math.hypot(l.box[3][0] - l.box[0][0], l.box[3][1] - l.box[0][1]);

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The page's text angle in radians: the median top-edge slope of lines at least three times as wide as tall. */
export function textAngle(lines: OcrLine[]): number {
  const slopes = lines.filter((l) => width(l) >= 3 * height(l)).map((l) => Math.atan2(l.box[1][1] - l.box[0][1], l.box[1][0] - l.box[0][0]));
  return median(slopes);
}

/** "44Kingsway Street" / "82MILL AVENUE" → "44 Kingsway Street" / "82 MILL AVENUE"; "12A Mill" is left alone (a flat letter). */
export function respace(text: string): string {
  return text.replace(/(^|\s)(\d{1,4})(?=[A-Z][a-z]{2,}|[A-Z]{3,}(?:\s|$))/g, "$1$2 ").replace(/\s+/g, " ").trim();
}

/** A row of boxes joined by the OCR, when it says which boxes it joined (a label and its value across a gap stay apart). */
type RowLine = OcrLine & { parts?: OcrLine[] };

export function ocrLinesToPage(lines: RowLine[], page: number): OcrLinesPage {
  const kept = lines.flatMap((l) => (l.parts?.length ? l.parts : [l])).filter((l) => l.text.trim());
  const angle = textAngle(kept);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const boxes = kept.map((l) => {
    const xs = l.box.map(([x, y]) => x * cos + y * sin);
    const ys = l.box.map(([x, y]) => -x * sin + y * cos);
    return { line: l, x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
  });
  const sure = boxes.filter((b) => b.line.score >= EXTENT_MIN_SCORE && b.line.text.replace(/\s/g, "").length >= 2);
  const frame = sure.length ? sure : boxes;
  const left = Math.min(...frame.map((b) => b.x0));
  const top = Math.min(...frame.map((b) => b.y0));
  const right = Math.max(...frame.map((b) => b.x1));
  const bottom = Math.max(...frame.map((b) => b.y1));
  const pieces: TextPiece[] = boxes.map((b) => ({ text: respace(b.line.text), page, x0: b.x0 - left, x1: b.x1 - left, y0: b.y0 - top, y1: b.y1 - top }));
  let chars = 0;
  let sum = 0;
  for (const l of kept) {
    const n = l.text.replace(/\s/g, "").length;
    chars += n;
    sum += n * l.score;
  }
  return {
    pieces,
    width: boxes.length ? Math.max(1, right - left) : 1,
    height: boxes.length ? Math.max(1, bottom - top) : 1,
    confidence: chars ? (100 * sum) / chars : 0,
    angle: Math.round(((angle * 180) / Math.PI) * 10) / 10,
  };
}
