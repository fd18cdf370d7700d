import { MRZ_SHAPES, type MrzFormat } from "../../types";
import type { Blob } from "./components";

/** A row of evenly spaced character blobs, in the page's straightened frame (angle removed). */
export interface TextLine {
  blobs: Blob[];
  /** Position across the line (rotated frame), median over its blobs. */
  y: number;
  /** First and last blob centre along the line (rotated frame). */
  start: number;
  end: number;
  /** Median distance between neighbouring blob centres. */
  pitch: number;
  /** Height of the tall glyphs (letters and digits; "<" is lower). */
  cap: number;
}

export interface MrzCandidate {
  format: MrzFormat;
  lines: TextLine[];
  angle: number;
}

/** Page skew in radians: the angle at which blob centres pile into the fewest, fullest rows. */
export function estimateSkew(blobs: Blob[]): number {
  if (blobs.length < 10) return 0;
  const hs = blobs.map((b) => b.h).sort((a, b) => a - b);
  const bin = Math.max(2, hs[hs.length >> 1]! * 0.4);
  const score = (theta: number) => {
    const sin = Math.sin(theta);
    const cos = Math.cos(theta);
    const bins = new Map<number, number>();
    for (const b of blobs) {
      const key = Math.round((-b.cx * sin + b.cy * cos) / bin);
      bins.set(key, (bins.get(key) ?? 0) + 1);
    }
    let s = 0;
    for (const n of bins.values()) s += n * n;
    return s;
  };
  let best = 0;
  let bestScore = -1;
  for (let deg = -40; deg <= 40; deg += 1) {
    const s = score((deg * Math.PI) / 180);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  let fine = best;
  for (let deg = best - 1; deg <= best + 1; deg += 0.1) {
    const s = score((deg * Math.PI) / 180);
    if (s > bestScore) [fine, bestScore] = [deg, s];
  }
  return (fine * Math.PI) / 180;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
};

/** Rows of blobs along the skew, split where a gap is wider than two characters. */
export function findTextLines(blobs: Blob[], angle: number): TextLine[] {
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const placed = blobs.map((b) => ({ b, u: b.cx * cos + b.cy * sin, v: -b.cx * sin + b.cy * cos })).sort((p, q) => p.v - q.v);
  // Group by position across the line: a blob joins the row whose centre is within half a height.
  // Blobs come sorted across the lines, so only the last few rows can take the next one.
  const rows: { v: number; h: number; items: typeof placed }[] = [];
  for (const p of placed) {
    let row: (typeof rows)[number] | undefined;
    for (let i = rows.length - 1; i >= 0 && i >= rows.length - 8; i--) {
      const r = rows[i]!;
      if (Math.abs(r.v - p.v) < 0.45 * Math.max(p.b.h, r.h)) {
        row = r;
        break;
      }
    }
    if (row) {
      row.items.push(p);
      const n = row.items.length;
      row.v += (p.v - row.v) / n;
      row.h += (p.b.h - row.h) / n;
    } else rows.push({ v: p.v, h: p.b.h, items: [p] });
  }
  const lines: TextLine[] = [];
  for (const row of rows) {
    if (row.items.length < 12) continue;
    row.items.sort((p, q) => p.u - q.u);
    const cap = percentile(
      row.items.map((i) => i.b.h),
      0.75,
    );
    let run: typeof placed = [];
    const flush = () => {
      if (run.length >= 12) {
        const gaps = run.slice(1).map((p, i) => p.u - run[i]!.u);
        lines.push({
          blobs: run.map((p) => p.b),
          y: median(run.map((p) => p.v)),
          start: run[0]!.u,
          end: run[run.length - 1]!.u,
          pitch: median(gaps),
          cap,
        });
      }
      run = [];
    };
    for (const p of row.items) {
      const last = run[run.length - 1];
      if (last && p.u - last.u > 2.6 * cap) flush();
      // Blobs far taller or shorter than the row's letters are not its characters.
      if (p.b.h > 1.5 * cap || p.b.h < 0.3 * cap) continue;
      run.push(p);
    }
    flush();
  }
  return lines.sort((a, b) => a.y - b.y);
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** How many cells a line spans, from its extent and pitch. */
export const cellsSpanned = (line: TextLine) => Math.round((line.end - line.start) / line.pitch) + 1;

/**
 * The machine-readable zone among the lines: two (TD3, TD2) or three (TD1) consecutive lines of
 * one character size and pitch, left-aligned, the right length for their format. The lowest such
 * group wins (the MRZ is at the bottom of the page).
 *
 * When no group spans a whole line and the caller knows which formats it expects, a group cut
 * short (glare washing out the right part, or a run of "<" fillers merged into one long blob that
 * no longer looks like a character) is taken if it is left-aligned, at least MIN_PARTIAL cells
 * long and its line count names one expected format: the lines are then followed to their full
 * length along the fitted geometry. The readers and the check digits judge what is found there.
 */
const MIN_PARTIAL = 12;

/**
 * A line's pitch is at least this share of its cap height (OCR-B's is ~1.15; blobs a little taller
 * than the glyphs leave room). Where the caller has cut out a band known to hold the MRZ
 * (`inBand`), blurred small print enlarged grows blobs ~1.4 × the glyph's height (the threshold takes
 * in the blur's halo) and its lines are taken down to IN_BAND_PITCH: the band is not a page to
 * search, and the readers and the check digits still judge what is found there.
 */
const PITCH_PER_CAP = 0.8;
const IN_BAND_PITCH = 0.65;

export function pickMrz(lines: TextLine[], angle: number, expect?: readonly MrzFormat[], inBand = false): MrzCandidate | null {
  const minPitch = inBand ? IN_BAND_PITCH : PITCH_PER_CAP;
  const fits = (a: TextLine, b: TextLine) =>
    Math.abs(a.cap - b.cap) < 0.25 * Math.max(a.cap, b.cap) &&
    Math.abs(a.pitch - b.pitch) < 0.15 * Math.max(a.pitch, b.pitch) &&
    b.y - a.y > 1.2 * a.cap &&
    b.y - a.y < 3.2 * a.cap &&
    Math.abs(a.start - b.start) < 1.6 * a.pitch &&
    a.pitch > minPitch * a.cap &&
    a.pitch < 1.7 * a.cap;
  const candidates: MrzCandidate[] = [];
  const partial: MrzCandidate[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const a = lines[i]!;
    const b = lines[i + 1]!;
    if (!fits(a, b)) continue;
    const c = lines[i + 2];
    const three = !!c && fits(b, c);
    const span = Math.max(cellsSpanned(a), cellsSpanned(b), three ? cellsSpanned(c!) : 0);
    if (three && span <= 33 && span >= 24) candidates.push({ format: "TD1", lines: [a, b, c!], angle });
    else if (span >= 40 && span <= 47) candidates.push({ format: "TD3", lines: [a, b], angle });
    else if (span >= 33 && span < 40) candidates.push({ format: "TD2", lines: [a, b], angle });
    else if (expect && span >= MIN_PARTIAL && !(i > 0 && fits(lines[i - 1]!, a))) {
      // (Never the last two lines of three: that group is a TD1 zone, taken from its first line.)
      const format = partialFormat(three, span, expect);
      if (format) partial.push({ format, lines: MRZ_SHAPES[format].lines === 3 ? [a, b, c!] : [a, b], angle });
    }
  }
  const pool = candidates.length > 0 ? candidates : partial;
  if (pool.length === 0) return null;
  return pool.sort((p, q) => q.lines[0]!.y - p.lines[0]!.y)[0]!;
}

/** The one expected format a short group can be: three lines are TD1; two are TD3 or TD2 when only one of them is expected. */
function partialFormat(three: boolean, span: number, expect: readonly MrzFormat[]): MrzFormat | null {
  if (three && expect.includes("TD1") && span <= MRZ_SHAPES.TD1.chars) return "TD1";
  const twoLine = expect.filter((f) => f !== "TD1" && span <= MRZ_SHAPES[f].chars);
  return twoLine.length === 1 ? twoLine[0]! : null;
}

export function expectedCells(format: MrzFormat): number {
  return MRZ_SHAPES[format].chars;
}
