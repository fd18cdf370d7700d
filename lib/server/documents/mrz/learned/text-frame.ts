import { joinRows } from "../../ocr/join-rows";
import type { OcrLine, OcrPoint } from "../../ocr/learned-ocr";

/*
 * The page's text direction, from the learned detector's boxes, and its lines in that direction.
 * Every detected box is a quadrilateral around one run of text; its long side runs along the text.
 * The recogniser reads a box along its long side (a box taller than wide is turned a quarter turn
 * anticlockwise first, PaddleOCR's rule), so a box's reading direction is its long side's, taken
 * between −45° and 135° (y down): a page turned any angle, a quarter turn clockwise included, is
 * read in place; a page turned the other way round is read upside down and must be turned half a
 * turn (the caller's second pass). The OCR process joins boxes into rows along the picture's x
 * axis, which splits and mixes the rows of a tilted page: rows are joined again here, along the
 * page's own text direction.
 */

type Corners = [OcrPoint, OcrPoint, OcrPoint, OcrPoint];

/** A box's reading direction in degrees, in (−45, 135], and its long and short sides; null when it is not clearly longer than tall. */
export function readingAngle(box: Corners): { angle: number; length: number; thickness: number } | null {
  const [p0, p1, , p3] = box;
  const a = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]);
  const b = Math.hypot(p3[0] - p0[0], p3[1] - p0[1]);
  const [long, length, thickness] = a >= b ? [[p1[0] - p0[0], p1[1] - p0[1]], a, b] : [[p3[0] - p0[0], p3[1] - p0[1]], b, a];
  if (length < 2 * thickness || length === 0) return null;
  let angle = (Math.atan2(long[1]!, long[0]!) * 180) / Math.PI;
  while (angle > 135) angle -= 180;
  while (angle <= -45) angle += 180;
  return { angle, length, thickness };
}

/**
 * The page's dominant reading direction (degrees, in (−45, 135]): the 3°-wide window holding the
 * most box length (long runs of text weigh most), refined to the length-weighted mean inside it.
 * Null when no box is clearly a run of text.
 */
export function dominantTextAngle(ocr: OcrLine[]): number | null {
  const boxes = ocr.flatMap((l) => l.parts ?? [l]).flatMap((l) => readingAngle(l.box) ?? []);
  if (boxes.length === 0) return null;
  // Circular over the 180° range: a window near −45° also holds boxes near 135°.
  const wrap = (d: number) => ((((d + 90) % 180) + 180) % 180) - 90;
  let best = { weight: -1, angle: 0 };
  for (const centre of boxes) {
    let weight = 0;
    let sum = 0;
    for (const b of boxes) {
      const d = wrap(b.angle - centre.angle);
      if (Math.abs(d) <= 3) {
        weight += b.length;
        sum += b.length * d;
      }
    }
    if (weight > best.weight) best = { weight, angle: centre.angle + sum / weight };
  }
  let angle = best.angle;
  while (angle > 135) angle -= 180;
  while (angle <= -45) angle += 180;
  return angle;
}

/** The box's corners in reading order (top-left of the text first, clockwise) for text running at `angle` degrees. */
export function cornersInFrame(box: Corners, angle: number): Corners {
  const { u, v } = frame(angle);
  const at = box.map((p) => ({ p, u: u(p), v: v(p) }));
  const pick = (score: (c: { u: number; v: number }) => number) => at.reduce((a, b) => (score(b) < score(a) ? b : a)).p;
  return [pick((c) => c.u + c.v), pick((c) => -c.u + c.v), pick((c) => -c.u - c.v), pick((c) => c.u - c.v)];
}

/** Coordinates along the text (u) and down its lines (v) for text running at `angle` degrees. */
export function frame(angle: number): { u: (p: OcrPoint) => number; v: (p: OcrPoint) => number } {
  const a = (angle * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return { u: (p) => p[0] * c + p[1] * s, v: (p) => -p[0] * s + p[1] * c };
}

/**
 * The detected boxes joined into rows along text running at `angle` degrees, as the OCR process
 * joins them along x (midlines within half the mean box height; at angle 0 the same rows): each
 * row's box has its corners in reading order, in the page's pixels, its parts left to right.
 */
export function rowsInFrame(ocr: OcrLine[], angle: number): OcrLine[] {
  const { u, v } = frame(angle);
  return joinRows(
    ocr.flatMap((l) => l.parts ?? [l]).map((b) => ({ ...b, box: cornersInFrame(b.box, angle) })),
    u,
    v,
  );
}
