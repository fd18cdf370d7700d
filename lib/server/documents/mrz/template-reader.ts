import { MRZ_ALPHABET, type MrzFormat, type MrzLineImage, type MrzReading } from "../types";
import { cellGlyphs, glyphIndices } from "./position-classes";
import { TEMPLATE_BASELINE, TEMPLATE_CAP_HEIGHTS, TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from "./template/atlas-shape";
import { TEMPLATE_BLURS, templateSets, type TemplateSet } from "./template/glyph-templates";

/*
 * The first MRZ reader: every cell of a straightened line against the OCR-B glyphs by normalised
 * cross-correlation (documents-lab.md: 99 / 90 / 79 % on clean / phone / hard pages). Per line, the
 * template size and blur that fit best are chosen on a sample of cells; each cell is then searched
 * over small shifts, against the glyphs its position allows (digits in dates and check digits,
 * letters in country codes and names: ICAO 9303's layout, not a guess). A cell's confidence is
 * its best glyph's lead over the runner-up, the margin the acceptance gate reads.
 */

/** How far (px) a cell may sit from where the locator's fit puts it. */
const SHIFT = 2;
// The shape as plain module constants: imported bindings are read through getters in the compiled
// module, and the hot loops below read them per pixel (a third of the matcher's time in a profile).
const TW: number = TEMPLATE_WIDTH;
const TH: number = TEMPLATE_HEIGHT;
const TB: number = TEMPLATE_BASELINE;
const N = TW * TH;
const CW = Math.ceil(TW / 2);
const CH = Math.ceil(TH / 2);
const CN = CW * CH;

/**
 * Shown every set of straightened lines the template matcher reads, in whatever path found them
 * (the classic locator, the learned OCR's rectified band): scripts/documents/collect-real-mrz-cells.ts
 * gathers the cell classifier's real training cells this way. Nothing in the product sets one.
 */
let linesObserver: ((lines: MrzLineImage[], format: MrzFormat) => void) | null = null;

/** Sets (or, with null, removes) the observer of the lines the template matcher reads. */
export function observeMrzLines(observer: ((lines: MrzLineImage[], format: MrzFormat) => void) | null): void {
  linesObserver = observer;
}

export function readMrzTemplate(lines: MrzLineImage[], format: MrzFormat): MrzReading {
  linesObserver?.(lines, format);
  const sets = templateSets();
  const out: string[] = [];
  const confidence: number[][] = [];
  lines.forEach((line, li) => {
    const window = new LineWindows(line);
    const set = calibrate(window, sets, line);
    let text = "";
    const margins: number[] = [];
    for (let k = 0; k < line.chars; k++) {
      // A narrow search for every allowed glyph, then the full search for the few that lead.
      const allowed = cellGlyphs(format, li, k);
      const near = window.scoreCell(set, k, allowed, 1);
      const ranked = allowed
        .map((g, i) => ({ g, s: near[i]! }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 5);
      const candidates = ranked.map((c) => c.g);
      // The full search's inner offsets are the narrow search's: only the outer ring is new.
      const scores = window.scoreCell(set, k, candidates, SHIFT, false, 1);
      for (let i = 0; i < ranked.length; i++) if (ranked[i]!.s > scores[i]!) scores[i] = ranked[i]!.s;
      let best = -2;
      let second = -2;
      let bestGlyph = 0;
      for (let i = 0; i < candidates.length; i++) {
        const s = scores[i]!;
        if (s > best) {
          second = best;
          best = s;
          bestGlyph = candidates[i]!;
        } else if (s > second) second = s;
      }
      text += MRZ_ALPHABET[bestGlyph];
      margins.push(Math.max(0, best - second));
    }
    out.push(text);
    confidence.push(margins);
  });
  return { reader: "template", lines: out, confidence };
}

/** The template set whose best matches score highest on a sample of the line's cells. */
function calibrate(window: LineWindows, sets: TemplateSet[], line: MrzLineImage): TemplateSet {
  return bestCalibration(window, sets, line).set;
}

const CALIBRATION_CELLS = 8;

function bestCalibration(window: LineWindows, sets: TemplateSet[], line: MrzLineImage): { set: TemplateSet; total: number } {
  const sample = Array.from({ length: CALIBRATION_CELLS }, (_, i) => Math.round(((i + 0.5) * line.chars) / CALIBRATION_CELLS));
  const all = glyphIndices(MRZ_ALPHABET);
  let bestSet = sets[0]!;
  let bestScore = -Infinity;
  for (const set of sets) {
    let total = 0;
    for (const k of sample) total += Math.max(...window.scoreCell(set, k, all, 1, true));
    if (total > bestScore) [bestSet, bestScore] = [set, total];
  }
  return { set: bestSet, total: bestScore };
}

/**
 * How well the line's sampled cells match OCR-B at all: the calibration's best total (sum of each
 * sampled cell's best glyph correlation) and the number of cells sampled. Used to tell which way
 * up a band is (orientation.ts).
 */
export function calibrationScore(line: MrzLineImage): { total: number; cells: number } {
  // One set is enough to tell which way up (the middle cap height, the middle blur): a ninth of a calibration.
  const sets = templateSets();
  const middle = sets.filter((s) => s.cap === TEMPLATE_CAP_HEIGHTS[1] && s.blur === TEMPLATE_BLURS[1]);
  return { total: bestCalibration(new LineWindows(line), middle, line).total, cells: CALIBRATION_CELLS };
}

/** A line's pixels with running sums, so a window's mean and norm cost four lookups each. */
class LineWindows {
  private readonly pixels: Float64Array;
  private readonly sum: Float64Array;
  private readonly sumSq: Float64Array;
  private readonly stride: number;
  /** One window's pixels (or every other pixel of every other row), copied out once per offset. */
  private readonly window = new Float64Array(N);
  private readonly coarseWindow = new Float64Array(CN);

  constructor(private readonly line: MrzLineImage) {
    const { width, height, data } = line;
    this.pixels = Float64Array.from(data);
    this.stride = width + 1;
    this.sum = new Float64Array(this.stride * (height + 1));
    this.sumSq = new Float64Array(this.stride * (height + 1));
    for (let y = 0; y < height; y++) {
      let row = 0;
      let rowSq = 0;
      for (let x = 0; x < width; x++) {
        const v = data[y * width + x]!;
        row += v;
        rowSq += v * v;
        this.sum[(y + 1) * this.stride + x + 1] = this.sum[y * this.stride + x + 1]! + row;
        this.sumSq[(y + 1) * this.stride + x + 1] = this.sumSq[y * this.stride + x + 1]! + rowSq;
      }
    }
  }

  /**
   * Best correlation of each candidate glyph with cell k over the shifts; `coarse` compares every
   * other pixel of every other row only (a quarter of the work; close enough to rank candidates and
   * choose the template set, never to read: the final reading and its margins use every pixel).
   * Offsets within `skipInner` of the cell's centre are left out (the caller has them already).
   */
  scoreCell(set: TemplateSet, k: number, candidates: readonly number[], shift = SHIFT, coarse = false, skipInner = -1): number[] {
    const { line } = this;
    const cx = Math.round(line.cellLeft + (k + 0.5) * line.cellPitch - TW / 2);
    const cy = line.baseline - TB;
    const best = new Array<number>(candidates.length).fill(-2);
    const templates = coarse ? set.coarse : set.glyphs;
    const window = coarse ? this.coarseWindow : this.window;
    for (let dy = -shift; dy <= shift; dy++) {
      for (let dx = -shift; dx <= shift; dx++) {
        if (Math.abs(dx) <= skipInner && Math.abs(dy) <= skipInner) continue;
        const x0 = cx + dx;
        const y0 = cy + dy;
        if (x0 < 0 || y0 < 0 || x0 + TW > line.width || y0 + TH > line.height) continue;
        const norm = this.windowNorm(x0, y0);
        if (norm < 1e-6) continue;
        this.copyWindow(x0, y0, coarse, window);
        for (let i = 0; i < candidates.length; i++) {
          const s = (coarse ? dotCoarse(templates[candidates[i]!]!, window) : dotFull(templates[candidates[i]!]!, window)) / norm;
          if (s > best[i]!) best[i] = s;
        }
      }
    }
    return best;
  }

  /** ‖window − its mean‖: the templates are zero-mean, so the dot product needs no centring. */
  private windowNorm(x0: number, y0: number): number {
    const s = this.stride;
    const x1 = x0 + TW;
    const y1 = y0 + TH;
    const sum = this.sum[y1 * s + x1]! - this.sum[y0 * s + x1]! - this.sum[y1 * s + x0]! + this.sum[y0 * s + x0]!;
    const sq = this.sumSq[y1 * s + x1]! - this.sumSq[y0 * s + x1]! - this.sumSq[y1 * s + x0]! + this.sumSq[y0 * s + x0]!;
    return Math.sqrt(Math.max(0, sq - (sum * sum) / N));
  }

  private copyWindow(x0: number, y0: number, coarse: boolean, out: Float64Array): void {
    const { pixels } = this;
    const width = this.line.width;
    const step = coarse ? 2 : 1;
    let t = 0;
    for (let y = 0; y < TH; y += step) {
      let p = (y0 + y) * width + x0;
      for (let x = 0; x < TW; x += step, p += step) out[t++] = pixels[p]!;
    }
  }
}

/**
 * A template against a copied-out window: one flat loop, four running sums. The length is a
 * constant in each of the two (N, CN: both multiples of 4), which the compiler turns into a
 * tighter loop than one bounded by the array's length.
 */
function dotFull(template: Float64Array, window: Float64Array): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let i = 0; i < N; i += 4) {
    a += template[i]! * window[i]!;
    b += template[i + 1]! * window[i + 1]!;
    c += template[i + 2]! * window[i + 2]!;
    d += template[i + 3]! * window[i + 3]!;
  }
  return a + b + c + d;
}

function dotCoarse(template: Float64Array, window: Float64Array): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let i = 0; i < CN; i += 4) {
    a += template[i]! * window[i]!;
    b += template[i + 1]! * window[i + 1]!;
    c += template[i + 2]! * window[i + 2]!;
    d += template[i + 3]! * window[i + 3]!;
  }
  return a + b + c + d;
}

if (N % 4 !== 0 || CN % 4 !== 0) throw new Error("the template window must hold a multiple of 4 pixels");
