import { MRZ_LINE_CAP_HEIGHT, MRZ_SHAPES, type GrayImage, type MrzFormat, type LocateMrzResult, type MrzLineImage } from "../types";
import { characterBlobs, type Blob } from "./locate/components";
import { estimateSkew, findTextLines, pickMrz } from "./locate/find-lines";
import { fitLineGeometry, lineInside, straightenLine } from "./locate/straighten-line";

/*
 * Finds the machine-readable zone in a photo and cuts its lines out straight (documents-lab.md,
 * "Finding the MRZ"): local-contrast threshold → character-like blobs → skew from the projection
 * of blob centres → rows of evenly spaced blobs → two or three equal, left-aligned rows → each
 * resampled along its own fitted curve. Which way up the page is stays the caller's question.
 */

/** Below this cap height (px) the glyphs are too small to tell apart. */
const MIN_CAP = 9;

/** The character-like blobs the locator starts from (locateMrz's first step). */
export function mrzBlobs(image: GrayImage): Blob[] {
  // The threshold window spans a few characters of the expected sizes (odd: centred on its pixel).
  const window = Math.max(25, Math.round(Math.max(image.width, image.height) / 40) | 1);
  return characterBlobs(image, window);
}

/**
 * `expect`: the formats the caller can take; with it, a zone whose lines were cut short is followed
 * to its full length. `blobs`: the image's mrzBlobs when the caller has them already (turnBlobs
 * gives them for the image turned half a turn). `inBand`: the image is a band cut out around the
 * MRZ (learned/band-lines.ts), whose lines are taken on looser shape tests (pickMrz).
 */
export function locateMrz(
  image: GrayImage,
  expect?: readonly MrzFormat[],
  blobs: Blob[] = mrzBlobs(image),
  inBand = false,
): LocateMrzResult {
  const angle = estimateSkew(blobs);
  const lines = findTextLines(blobs, angle);
  const candidate = pickMrz(lines, angle, expect, inBand);
  if (!candidate) return { found: false, reason: "no_mrz" };
  const { format } = candidate;
  const chars = MRZ_SHAPES[format].chars;
  const start = Math.min(...candidate.lines.map((l) => l.start));
  const geometries = candidate.lines.map((line) => fitLineGeometry(line, start, angle, chars));
  if (geometries.some((g) => !g)) return { found: false, reason: "no_mrz" };
  const fitted = geometries as NonNullable<(typeof geometries)[number]>[];
  const capHeight = Math.min(...fitted.map((g) => g.cap(chars / 2)));
  if (capHeight < MIN_CAP) return { found: false, reason: "too_small" };
  if (fitted.some((g) => !lineInside(g, chars, image))) return { found: false, reason: "cut_off" };
  const straight = fitted.map((g) => straightenLine(image, g, chars));

  const xs = fitted.flatMap((g) => [g.x(-0.5), g.x(chars - 0.5)]);
  const ys = fitted.flatMap((g) => [g.y(-0.5) - g.cap(0), g.y(chars - 0.5) + g.cap(chars)]);
  const box = { x: Math.max(0, Math.min(...xs)), y: Math.max(0, Math.min(...ys)), width: 0, height: 0 };
  box.width = Math.min(image.width, Math.max(...xs)) - box.x;
  box.height = Math.min(image.height, Math.max(...ys)) - box.y;
  return {
    found: true,
    mrz: {
      format,
      lines: straight,
      angle: (angle * 180) / Math.PI,
      box,
      capHeight,
      sharpness: Math.min(...straight.map(sharpness)),
      glare: Math.max(...straight.map(glare)),
    },
  };
}

/** Steepest horizontal step over the line's contrast: ~1 for crisp print, lower when blurred. */
function sharpness(line: MrzLineImage): number {
  const { width, height, data } = line;
  // Percentiles of whole numbers 0–255 from histograms: the values a sort would put at those ranks.
  const steps = new Uint32Array(256);
  const values = new Uint32Array(256);
  let n = 0;
  for (let y = line.baseline - 32; y < line.baseline; y += 2) {
    for (let x = line.cellLeft; x < width - line.cellLeft - 1; x++) {
      const v = data[y * width + x]!;
      steps[Math.abs(data[y * width + x + 1]! - v)]!++;
      values[v]!++;
      n++;
    }
  }
  if (n === 0 || height === 0) return 0;
  const contrast = ranked(values, Math.floor(n * 0.95)) - ranked(values, Math.floor(n * 0.05));
  if (contrast < 20) return 0;
  return Math.min(1, (2 * ranked(steps, Math.floor(n * 0.99))) / contrast);
}

/**
 * Share of the line's own cells washed out above its paper (light reflected off a laminate): a cell
 * (one character's pitch, from the baseline up a cap height) is washed out when at least
 * WASHED_OUT of its pixels lie above the paper's level (its ink greyed, its paper whitened). The
 * paper's level is the line's (margins included: small blurred print greys its cells). Scattered
 * light pixels (a pale guilloche or tinted paper's texture between the characters) wash out no
 * cell, nor does a hologram or a bright patch in the margins or elsewhere on the page: none hides a
 * character. (The share of bright pixels over all the cells, measured before, put the textured
 * paper of a small real passport, 11 px capitals and no glare anywhere, at 0.13: its retakes were
 * put down to glare.)
 */
function glare(line: MrzLineImage): number {
  const { data, width } = line;
  if (data.length === 0 || line.chars < 1) return 0;
  const all = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) all[data[i]!]!++;
  const paper = ranked(all, Math.floor(data.length * 0.6));
  if (paper >= 238) return 0; // white paper already near saturation: no glare can be told from it
  const limit = Math.min(254, paper + 18);
  const y0 = Math.max(0, line.baseline - MRZ_LINE_CAP_HEIGHT);
  const y1 = Math.min(line.height, line.baseline + 1);
  let washed = 0;
  for (let k = 0; k < line.chars; k++) {
    const x0 = Math.max(0, Math.floor(line.cellLeft + k * line.cellPitch));
    const x1 = Math.min(width, Math.ceil(line.cellLeft + (k + 1) * line.cellPitch));
    let bright = 0;
    let n = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++, n++) if (data[y * width + x]! >= limit) bright++;
    if (n > 0 && bright >= WASHED_OUT * n) washed++;
  }
  return washed / line.chars;
}

/** Share of a cell's pixels above the paper's level that makes it washed out (a character's ink covers a quarter to a third of its cell). */
const WASHED_OUT = 0.5;

/** The value at `rank` (from 0) of the sorted values a histogram counts. */
function ranked(histogram: Uint32Array, rank: number): number {
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!;
    if (seen > rank) return v;
  }
  return histogram.length - 1;
}
