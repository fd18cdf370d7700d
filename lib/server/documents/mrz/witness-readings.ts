import type { MrzFormat, MrzLineImage, MrzReading } from "../types";
import { acceptMrz, type MrzDecision } from "./accept-mrz";
import { readMrzCells } from "./cell-classifier/read-mrz-cells";
import { readMrzTemplate } from "./template-reader";

/*
 * Further witnesses for the MRZ gate (issue 33, item 1): when a pair of readings was refused only
 * because a cell they dispute was left unsettled, the band's lines are seen another way (another
 * scale, a local binarisation) and read again by the classed readers (the template matcher and the
 * cell classifier); the refused pairs are put to the gate again with those readings as extra
 * witnesses. Nothing is made unless a pair needs it: on most documents this costs nothing.
 *
 * The views. The readers see lines straightened to a cap height of 32 px, and the template matcher
 * holds its glyphs at 29, 32 and 35 px only: a line resampled to ×0.75 or ×1.5 would be read with
 * templates of the wrong size (tried: ×0.91 reads the second OCR-B cut 3–7 times worse than the
 * line as located). The views kept are the line resampled to ×1.09 (cap 35: the other end of the
 * template sizes; a new pixel grid and a new choice of template set) and a Sauvola-like local
 * threshold (window one cap height, k 0.2), which keeps uneven light apart from ink as a global
 * (Otsu) threshold does not (tried: Otsu reads hard photos 40 % worse). Round trips through a
 * smaller scale (×0.75, ×0.6) were tried and read as the line as located does: no new evidence.
 *
 * How much such a reading is worth (the choice written down here, as the issue asked): a reader
 * seen another way is still that reader. Its errors follow the reader (the template matcher and the
 * cell classifier both read the second cut's zeros as O on the located line), so
 *  - a reading by one of the pair's own readers, at any view, is the side again: it is never a
 *    witness, for or against (accept-mrz.ts drops it). A settling witness is always another reader;
 *  - a witness reader's views are pooled (settleCell): it speaks for a glyph only if no view of it
 *    reads the other glyph; a reader that reads the cell one way here and the other way there is
 *    unsure of it and speaks for neither. Views thus add evidence only where a reader is steady
 *    across them, and a reader's veto stands unless another view of the same reader contradicts it.
 * Then, as always, one witness for a glyph and none for the other settles the cell, and the check
 * digits only test the settled text. Nothing here lets a check digit pick a glyph: the readings
 * are made before the check digits are looked at, and a settled text that fails them is refused.
 */

/** A way of seeing the band's lines other than as located. */
interface View {
  name: string;
  see: (line: MrzLineImage) => MrzLineImage;
}

/** Scale of the rescaled view: cap 32 → 35, the template matcher's largest glyph size. */
const RESCALE = 1.09;
/** Sauvola's k (dark text on light paper) and its window (one cap height, odd). */
const SAUVOLA_K = 0.2;
const SAUVOLA_WINDOW = 33;

export const WITNESS_VIEWS: readonly View[] = [
  { name: `x${RESCALE}`, see: (line) => rescaleLine(line, RESCALE) },
  { name: "sauvola", see: (line) => sauvolaLine(line, SAUVOLA_WINDOW, SAUVOLA_K) },
];

type ClassedReader = "template" | "cells";

const READERS: Record<ClassedReader, (lines: MrzLineImage[], format: MrzFormat) => MrzReading> = {
  template: readMrzTemplate,
  cells: readMrzCells,
};

/** A pair the gate was asked about, its witnesses and its answer. */
export interface GateTry {
  /** The pair and every witness the caller had: the further readings are added to these, never instead of them. */
  a: MrzReading;
  b: MrzReading | null;
  witnesses: readonly (MrzReading | null)[];
  decision: MrzDecision;
}

/**
 * The first of the refused pairs that the further readings settle; null when no refused pair was held up only by an unsettled cell, or none is settled now. Each
 * view's lines and each reader's reading of them are made at most once, and only for the readers
 * that are a witness (not a side) of a pair that needs them.
 */
export function settleWithFurtherReadings(
  format: MrzFormat,
  lines: MrzLineImage[],
  now: Date,
  tried: readonly GateTry[],
): Extract<MrzDecision, { accepted: true }> | null {
  const waiting = tried.filter((t) => !t.decision.accepted && t.decision.unsettled && t.b);
  if (waiting.length === 0) return null;
  const views = new Map<string, MrzLineImage[]>();
  const made = new Map<string, MrzReading | null>();
  const readingsBy = (reader: ClassedReader): MrzReading[] =>
    WITNESS_VIEWS.map((view) => {
      const key = `${reader}:${view.name}`;
      if (!made.has(key)) {
        let seen = views.get(view.name);
        if (!seen) views.set(view.name, (seen = lines.map(view.see)));
        made.set(key, readFurther(reader, seen, format, view.name));
      }
      return made.get(key)!;
    }).filter((r): r is MrzReading => !!r);
  for (const { a, b, witnesses } of waiting) {
    const sides = new Set([a.reader, b!.reader]);
    const further = (["template", "cells"] as const).filter((r) => !sides.has(r)).flatMap(readingsBy);
    if (further.length === 0) continue;
    const decision = acceptMrz(format, a, b, now, [...witnesses, ...further]);
    if (decision.accepted) return decision;
  }
  return null;
}

function readFurther(reader: ClassedReader, lines: MrzLineImage[], format: MrzFormat, view: string): MrzReading | null {
  try {
    return { ...READERS[reader](lines, format), view };
  } catch (error) {
    // A missing or mismatched classifier model leaves the gate as it was (read-mrz.ts says so once).
    void error;
    return null;
  }
}

/**
 * The line resampled by `scale` (bilinear), its cell grid and baseline carried along: the glyphs'
 * cap height becomes 32 × scale. Rows are placed so the baseline lands on a whole pixel.
 */
export function rescaleLine(line: MrzLineImage, scale: number): MrzLineImage {
  const width = Math.round(line.width * scale);
  const height = Math.round(line.height * scale);
  const baseline = Math.round(line.baseline * scale);
  const data = new Uint8Array(width * height);
  const src = line.data;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(line.height - 1, Math.max(0, line.baseline + (y - baseline) / scale));
    const y0 = Math.floor(sy);
    const y1 = Math.min(line.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(line.width - 1, Math.max(0, (x + 0.5) / scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(line.width - 1, x0 + 1);
      const fx = sx - x0;
      const top = src[y0 * line.width + x0]! * (1 - fx) + src[y0 * line.width + x1]! * fx;
      const bottom = src[y1 * line.width + x0]! * (1 - fx) + src[y1 * line.width + x1]! * fx;
      data[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return {
    width,
    height,
    data,
    chars: line.chars,
    cellLeft: (line.cellLeft + 0.5) * scale - 0.5,
    cellPitch: line.cellPitch * scale,
    baseline,
  };
}

/**
 * The line binarised by a Sauvola-like local threshold: a pixel is ink when darker than
 * mean × (1 + k × (sd / 128 − 1)) over the window around it (means and spreads from running sums).
 */
export function sauvolaLine(line: MrzLineImage, window: number, k: number): MrzLineImage {
  const { width, height, data } = line;
  const stride = width + 1;
  const sum = new Float64Array(stride * (height + 1));
  const sumSq = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    let rowSq = 0;
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x]!;
      row += v;
      rowSq += v * v;
      sum[(y + 1) * stride + x + 1] = sum[y * stride + x + 1]! + row;
      sumSq[(y + 1) * stride + x + 1] = sumSq[y * stride + x + 1]! + rowSq;
    }
  }
  const half = window >> 1;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width, x + half + 1);
      const n = (x1 - x0) * (y1 - y0);
      const s = sum[y1 * stride + x1]! - sum[y0 * stride + x1]! - sum[y1 * stride + x0]! + sum[y0 * stride + x0]!;
      const sq = sumSq[y1 * stride + x1]! - sumSq[y0 * stride + x1]! - sumSq[y1 * stride + x0]! + sumSq[y0 * stride + x0]!;
      const mean = s / n;
      const sd = Math.sqrt(Math.max(0, sq / n - mean * mean));
      out[y * width + x] = data[y * width + x]! <= mean * (1 + k * (sd / 128 - 1)) ? 0 : 255;
    }
  }
  return { ...line, data: out };
}
