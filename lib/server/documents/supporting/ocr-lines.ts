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

const mean = (a: number, b: number) => (a + b) / 2;
/** A box's width along its top and bottom edges, and its height along its left and right edges. */
const width = (l: OcrLine) =>
  mean(Math.hypot(l.box[1][0] - l.box[0][0], l.box[1][1] - l.box[0][1]), Math.hypot(l.box[2][0] - l.box[3][0], l.box[2][1] - l.box[3][1]));
const height = (l: OcrLine) =>
  mean(Math.hypot(l.box[3][0] - l.box[0][0], l.box[3][1] - l.box[0][1]), Math.hypot(l.box[2][0] - l.box[1][0], l.box[2][1] - l.box[1][1]));

/**
 * The page's text angle in radians: the slopes of the long lines' top and bottom edges, weighted by
 * their length, around their weighted median (the detector boxes short words upright, so long
 * lines carry the angle; one odd line is left out).
 */
export function textAngle(lines: OcrLine[]): number {
  const edges: { slope: number; weight: number }[] = [];
  for (const l of lines.filter((line) => width(line) >= 4 * height(line))) {
    const [p0, p1, p2, p3] = l.box;
    edges.push(
      { slope: Math.atan2(p1[1] - p0[1], p1[0] - p0[0]), weight: width(l) },
      { slope: Math.atan2(p2[1] - p3[1], p2[0] - p3[0]), weight: width(l) },
    );
  }
  if (!edges.length) return 0;
  const sorted = [...edges].sort((a, b) => a.slope - b.slope);
  const total = sorted.reduce((s, e) => s + e.weight, 0);
  let acc = 0;
  const med = sorted.find((e) => (acc += e.weight) >= total / 2)!.slope;
  const near = edges.filter((e) => Math.abs(e.slope - med) <= (1 * Math.PI) / 180);
  return near.reduce((s, e) => s + e.slope * e.weight, 0) / near.reduce((s, e) => s + e.weight, 0);
}

/**
 * "44Kingsway Street" / "82MILL AVENUE" → "44 Kingsway Street" / "82 MILL AVENUE" ("12A Mill" is
 * left alone: a flat letter); "Perez lbanez" → "Perez Ibanez".
 */
export function respace(text: string): string {
  return (
    text
      .replace(/(^|\s)(\d{1,4})(?=[A-Z][a-z]{2,}|[A-Z]{3,}(?:\s|$))/g, "$1$2 ")
      // A capital I read as a small l: no word starts with l and then a consonant ("lbanez", "lnvoice").
      .replace(/(?<![\p{L}\d'’-])l(?=[bcdfghjkmnpqrstvwxz][a-z])/gu, "I")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** A row of boxes joined by the OCR, when it says which boxes it joined (a label and its value across a gap stay apart). */
type RowLine = OcrLine & { parts?: OcrLine[] };

export function ocrLinesToPage(lines: RowLine[], page: number): OcrLinesPage {
  const kept = lines.flatMap((l) => (l.parts?.length ? l.parts : [l])).filter((l) => l.text.trim());
  const angle = textAngle(kept);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  // Each box by its centre (turned with the page) and its own width and height: where perspective
  // turns a line a little more than the page's angle, its bounding box would grow taller than its
  // text and swallow the next line's row.
  const turned = kept.map((l) => {
    const cx = l.box.reduce((sum, [x]) => sum + x, 0) / 4;
    const cy = l.box.reduce((sum, [, y]) => sum + y, 0) / 4;
    return { line: l, x: cx * cos + cy * sin, y: -cx * sin + cy * cos, w: width(l), h: height(l) };
  });
  // A photo's perspective turns the top of the page a little more or less than its middle: what
  // is left of each long line's slope, averaged over the lines near a box, is sheared out locally
  // (so a label and its value across the page stay on one row).
  const residuals = turned
    .filter((t) => t.w >= 4 * t.h)
    .map((t) => {
      const [p0, p1, p2, p3] = t.line.box;
      const slope = (Math.atan2(p1[1] - p0[1], p1[0] - p0[0]) + Math.atan2(p2[1] - p3[1], p2[0] - p3[0])) / 2;
      return { y: t.y, r: slope - angle, weight: t.w };
    })
    .filter((e) => Math.abs(e.r) <= (2 * Math.PI) / 180);
  const ys = turned.map((t) => t.y);
  const window = 0.12 * (Math.max(...ys, 0) - Math.min(...ys, 0));
  const leftmost = Math.min(...turned.map((t) => t.x - t.w / 2));
  const boxes = turned.map((t) => {
    const near = residuals.filter((e) => Math.abs(e.y - t.y) <= Math.max(window, 3 * t.h));
    const weight = near.reduce((sum, e) => sum + e.weight, 0);
    const r = weight ? near.reduce((sum, e) => sum + e.r * e.weight, 0) / weight : 0;
    const y = t.y - (t.x - leftmost) * Math.tan(r);
    return { line: t.line, x0: t.x - t.w / 2, x1: t.x + t.w / 2, y0: y - t.h / 2, y1: y + t.h / 2 };
  });
  const sure = boxes.filter((b) => b.line.score >= EXTENT_MIN_SCORE && b.line.text.replace(/\s/g, "").length >= 2);
  const frame = sure.length ? sure : boxes;
  const left = Math.min(...frame.map((b) => b.x0));
  const top = Math.min(...frame.map((b) => b.y0));
  const right = Math.max(...frame.map((b) => b.x1));
  const bottom = Math.max(...frame.map((b) => b.y1));
  const pieces: TextPiece[] = boxes.map((b) => ({
    text: respace(b.line.text),
    page,
    x0: b.x0 - left,
    x1: b.x1 - left,
    y0: b.y0 - top,
    y1: b.y1 - top,
  }));
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
