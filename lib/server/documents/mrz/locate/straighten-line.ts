import { sampleBilinear } from "../../image/integral";
import { MRZ_LINE_CAP_HEIGHT, type GrayImage, type MrzLineImage } from "../../types";
import type { TextLine } from "./find-lines";

/*
 * One MRZ line resampled straight: every cell k of the line is mapped through quadratics fitted to
 * the character blobs' centres (x(k), y(k)) and a linear fit of the cap height, so perspective
 * (cells shrinking along the line), rotation and a slight bend all come out, and cell k lands at
 * cellLeft + k × cellPitch in the output at cap height MRZ_LINE_CAP_HEIGHT.
 */

const CAP = MRZ_LINE_CAP_HEIGHT;
const MARGIN_Y = CAP / 2;

export interface LineGeometry {
  /** Cell index → glyph centre in the source image. */
  x: (k: number) => number;
  y: (k: number) => number;
  /** Cell index → cap height in source px. */
  cap: (k: number) => number;
  /** Output pitch (px per cell) at cap height CAP. */
  pitchOut: number;
}

/** Least squares polynomial of degree `degree` through (t, v) with weights. */
function polyfit(t: number[], v: number[], degree: number): number[] {
  const n = degree + 1;
  const a = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (let i = 0; i < t.length; i++) {
    const powers = Array.from({ length: 2 * n }, (_, p) => t[i]! ** p);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) a[r]![c]! += powers[r + c]!;
      a[r]![n]! += powers[r]! * v[i]!;
    }
  }
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const div = a[col]![col]! || 1e-12;
    for (let c = col; c <= n; c++) a[col]![c]! /= div;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]!;
      for (let c = col; c <= n; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  return a.map((row) => row[n]!);
}

/** Median gap between neighbouring blobs around position j (gaps of one cell dominate). */
function localGap(order: { u: number }[], j: number, fallback: number): number {
  const gaps: number[] = [];
  for (let m = Math.max(1, j - 5); m <= Math.min(order.length - 1, j + 5); m++) gaps.push(order[m]!.u - order[m - 1]!.u);
  gaps.sort((a, b) => a - b);
  const g = gaps[gaps.length >> 1];
  return g && g > 0.5 * fallback && g < 1.5 * fallback ? g : fallback;
}

/** A gap this close to a whole number of cells (≥ 1) is a step from glyph to glyph. */
const WHOLE_STEP = 0.25;

const evaluate = (coef: number[], t: number) => coef.reduce((sum, c, p) => sum + c * t ** p, 0);

/**
 * Assigns each blob of the line to a cell (counting from `start`, the zone's common left edge in
 * the rotated frame) and fits the geometry. Null when too few blobs are left to trust a fit.
 */
export function fitLineGeometry(line: TextLine, start: number, angle: number, chars?: number): LineGeometry | null {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // A glyph turned by the skew has a taller box than its cap height (its width adds sin·w).
  const capOf = (h: number) => h / (Math.abs(cos) + 0.62 * Math.abs(sin));
  // Cells counted blob to blob: neighbours in an MRZ are one cell apart (no blanks: fillers are
  // "<"), so local gaps, not one pitch for the whole line, survive perspective's shrinking cells.
  // A blob is not always a glyph: small print enlarged breaks a glyph into pieces (a 4's bar apart
  // from its stem: centres a quarter cell apart) and joins two chevrons into one (its centre half a
  // cell off both). The count follows the position in cells, fraction kept, and a gap of a whole
  // number of cells puts it back on a cell: a piece does not add a cell, nor a joined pair lose one.
  const order = line.blobs.map((b, i) => ({ i, u: b.cx * cos + b.cy * sin })).sort((p, q) => p.u - q.u);
  const cells = new Array<number>(line.blobs.length);
  const first = order[0]!;
  let position = Math.max(0, Math.round((first.u - start) / line.pitch));
  cells[first.i] = position;
  for (let j = 1; j < order.length; j++) {
    const step = (order[j]!.u - order[j - 1]!.u) / localGap(order, j, line.pitch);
    position += step;
    if (Math.abs(step - Math.round(step)) < WHOLE_STEP && step >= 0.5) position = Math.round(position);
    cells[order[j]!.i] = Math.round(position);
  }
  if (chars) {
    // The zone's lines are left-aligned and `chars` cells long. A line counted as starting after
    // the zone's first cell and running past its last was started late: the common start is the
    // earliest line's, and where the band is still slightly sheared (a page in perspective not
    // quite undone) another line's first glyph lies half a cell from it and rounds to the next
    // cell. Counted back to its own length, the line keeps all its cells; a line with a stray blob
    // past its end that starts on the first cell is left as it is.
    const low = Math.min(...cells);
    const over = Math.max(...cells) - (chars - 1);
    if (low > 0 && over > 0) for (let i = 0; i < cells.length; i++) cells[i]! -= Math.min(low, over);
  }
  const tall = line.blobs.map((b, i) => ({ b, k: cells[i]! })).filter(({ b }) => b.h >= 0.8 * line.cap);
  if (tall.length < 8) return null;
  const ks = tall.map((t) => t.k);
  // A bend is fitted only from a line seen over most of its length: followed past its last blob
  // (a line cut short), a quadratic would curve away.
  const seen = Math.max(...cells) - Math.min(...cells) + 1;
  const degree = new Set(ks).size >= 12 && (!chars || seen >= 0.75 * chars) ? 2 : 1;
  const cx = polyfit(
    ks,
    tall.map((t) => (t.b.x0 + t.b.x1) / 2),
    degree,
  );
  const cy = polyfit(
    ks,
    tall.map((t) => (t.b.y0 + t.b.y1) / 2),
    degree,
  );
  const ch = polyfit(
    ks,
    tall.map((t) => capOf(t.b.h)),
    1,
  );
  const mid = (Math.min(...ks) + Math.max(...ks)) / 2;
  const capMid = evaluate(ch, mid);
  const pitchMid = Math.hypot(evaluate(cx, mid + 0.5) - evaluate(cx, mid - 0.5), evaluate(cy, mid + 0.5) - evaluate(cy, mid - 0.5));
  return {
    x: (k) => evaluate(cx, k),
    y: (k) => evaluate(cy, k),
    cap: (k) => Math.max(4, evaluate(ch, k)),
    pitchOut: (CAP * pitchMid) / Math.max(4, capMid),
  };
}

/** True when every cell of the line, with half a cell around it, lies inside the image. */
export function lineInside(geometry: LineGeometry, chars: number, image: GrayImage): boolean {
  for (const k of [-0.5, chars - 0.5]) {
    const x = geometry.x(k);
    const y = geometry.y(k);
    const h = geometry.cap(k);
    if (x < 0 || y - h / 2 < 0 || x >= image.width || y + h / 2 >= image.height) return false;
  }
  return true;
}

export function straightenLine(image: GrayImage, geometry: LineGeometry, chars: number): MrzLineImage {
  const pitch = geometry.pitchOut;
  const marginX = Math.round(pitch);
  const width = Math.round(marginX * 2 + pitch * chars);
  const height = CAP + 2 * MARGIN_Y;
  const data = new Uint8Array(width * height);
  const step = 0.01;
  for (let u = 0; u < width; u++) {
    const k = (u - marginX) / pitch - 0.5;
    const x0 = geometry.x(k);
    const y0 = geometry.y(k);
    // The line's direction at this cell, and the normal pointing down the glyphs.
    let dx = geometry.x(k + step) - x0;
    let dy = geometry.y(k + step) - y0;
    const len = Math.hypot(dx, dy) || 1;
    dx /= len;
    dy /= len;
    const scale = geometry.cap(k) / CAP;
    for (let v = 0; v < height; v++) {
      const off = (v - (MARGIN_Y + CAP / 2)) * scale;
      data[v * width + u] = Math.round(sampleBilinear(image, x0 - dy * off, y0 + dx * off));
    }
  }
  return { width, height, data, chars, cellLeft: marginX, cellPitch: pitch, baseline: MARGIN_Y + CAP };
}
