import { invert, mapPoint } from "../../image/homography";
import { sampleBilinear } from "../../image/integral";
import { recognizeText, type OcrLine } from "../../ocr/learned-ocr";
import { MRZ_LINE_CAP_HEIGHT, MRZ_SHAPES, type GrayImage, type LocateMrzResult, type MrzFormat, type MrzLineImage } from "../../types";
import { straightenLine, type LineGeometry } from "../locate/straighten-line";
import { locateMrz } from "../locate-mrz";
import { findMrzText, type MrzBandGuess, type OcrMrz } from "./find-mrz-text";
import { rectifyBand, type RectifiedBand } from "./rectify-band";

/*
 * The MRZ band the learned OCR found, cut out for reading: rectified from its corners and brought
 * to the scale its capitals are READ_CAP px tall (rectify-band.ts), its text (the page's reading,
 * or the learned OCR's reading of the band itself), and its lines straightened for the OCR-B
 * readers (the classic locator on the band, else each line from its box).
 */

/** What the band's readers' lines come with: how they were found and the band as located (in the page's pixels). */
export interface BandLines {
  lines: MrzLineImage[];
  from: "locator" | "boxes";
  located: { capHeight: number; glare: number; sharpness: number } | null;
}

export function shapeOf(format: MrzFormat): "TD1" | "TD2" | "TD3" {
  return format === "TD1" ? "TD1" : MRZ_SHAPES[format].chars === 44 ? "TD3" : "TD2";
}

function boxGeometry(line: OcrLine) {
  const [tl, tr, , bl] = line.box;
  const width = Math.hypot(tr[0] - tl[0], tr[1] - tl[1]);
  const height = Math.hypot(bl[0] - tl[0], bl[1] - tl[1]);
  return {
    tl,
    width,
    height,
    u: [(tr[0] - tl[0]) / (width || 1), (tr[1] - tl[1]) / (width || 1)] as const,
    v: [(bl[0] - tl[0]) / (height || 1), (bl[1] - tl[1]) / (height || 1)] as const,
  };
}

function otsu(values: Uint8Array): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of values) hist[v]!++;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i]!;
  let below = 0;
  let sumBelow = 0;
  let best = -1;
  let level = 128;
  for (let t = 0; t < 256; t++) {
    below += hist[t]!;
    if (below === 0 || below === values.length) continue;
    sumBelow += t * hist[t]!;
    const m0 = sumBelow / below;
    const m1 = (sumAll - sumBelow) / (values.length - below);
    const between = below * (values.length - below) * (m0 - m1) ** 2;
    if (between > best) {
      best = between;
      level = t;
    }
  }
  return level;
}

/**
 * One line straightened from its learned box: the box is sampled upright, the ink's rows give the
 * cap height and its first and last columns the cells (OCR-B: a glyph is ~0.7 of its cell).
 */
export function lineFromBox(image: GrayImage, line: OcrLine, chars: number): MrzLineImage | null {
  const { tl, width, height, u, v } = boxGeometry(line);
  const W = Math.round(width);
  const H = Math.round(height);
  if (W < chars * 3 || H < 6) return null;
  const strip = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      strip[y * W + x] = Math.round(sampleBilinear(image, tl[0] + u[0] * x + v[0] * y, tl[1] + u[1] * x + v[1] * y));
  const level = otsu(strip);
  const rowInk = new Array<number>(H).fill(0);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (strip[y * W + x]! <= level) rowInk[y]!++;
  const peak = Math.max(...rowInk);
  if (peak === 0) return null;
  // The text's rows: the run of inked rows around the fullest one.
  let centre = rowInk.indexOf(peak);
  const mid = Math.floor(H / 2);
  for (let y = 0; y < H; y++) if (rowInk[y]! > 0.6 * peak && Math.abs(y - mid) < Math.abs(centre - mid)) centre = y;
  let top = centre;
  let bottom = centre;
  while (top > 0 && rowInk[top - 1]! > 0.12 * peak) top--;
  while (bottom < H - 1 && rowInk[bottom + 1]! > 0.12 * peak) bottom++;
  const cap = bottom - top + 1;
  if (cap < 5) return null;
  const colInk = (x: number) => {
    let n = 0;
    for (let y = top; y <= bottom; y++) if (strip[y * W + x]! <= level) n++;
    return n;
  };
  const minInk = Math.max(1, Math.round(cap * 0.15));
  let x0 = 0;
  while (x0 < W && colInk(x0) < minInk) x0++;
  let x1 = W - 1;
  while (x1 > x0 && colInk(x1) < minInk) x1--;
  if (x1 - x0 < chars * 2) return null;
  const pitch = (x1 - x0 + 1) / (chars - 0.3);
  const yMid = (top + bottom) / 2;
  const at = (k: number): [number, number] => {
    const x = x0 + 0.35 * pitch + k * pitch;
    return [tl[0] + u[0] * x + v[0] * yMid, tl[1] + u[1] * x + v[1] * yMid];
  };
  const geometry: LineGeometry = { x: (k) => at(k)[0], y: (k) => at(k)[1], cap: () => cap, pitchOut: (MRZ_LINE_CAP_HEIGHT * pitch) / cap };
  return straightenLine(image, geometry, chars);
}

/** The page's learned lines with their boxes carried into the rectified band; null when the band's mapping cannot be inverted. */
export function intoBand(band: RectifiedBand, lines: readonly OcrLine[]): OcrLine[] | null {
  const toBand = invert(band.toPage);
  if (!toBand) return null;
  return lines.map((l) => ({ ...l, box: l.box.map(([x, y]) => mapPoint(toBand, x, y)) as OcrLine["box"] }));
}

/** Cap height (px) the band is cut at for reading: OCR-B was modelled at ~30; the learned recogniser's 48 px line input holds a ~30 px capital with its box. */
const READ_CAP = 30;

/** The band at the scale its capitals are READ_CAP px tall (measured by the classic locator on a first cut), and its located lines there. */
export async function bandAtReadingScale(gray: GrayImage, guess: MrzBandGuess) {
  const shapes: MrzFormat[] = guess.lines.length === 3 ? ["TD1"] : ["TD3", "TD2"];
  // The locator on a band cut out around the MRZ (its looser line tests: locate/find-lines.ts pickMrz).
  const locate = (image: GrayImage) => locateMrz(image, shapes, undefined, true);
  let band = await rectifyBand(gray, guess);
  if (!band) return null;
  let located = locate(band.image);
  const k = located.found ? READ_CAP / located.mrz.capHeight : 1;
  if (Math.abs(k - 1) > 0.15) {
    const again = await rectifyBand(gray, guess, band.scale * k);
    const relocated = again && locate(again.image);
    if (again && relocated?.found) {
      band = again;
      located = relocated;
    }
  }
  return { band, located };
}

/** The OCR-B lines of the rectified band: the classic locator's, else each line from its box. */
export function ocrbLines(band: RectifiedBand, located: LocateMrzResult, mrz: OcrMrz): BandLines | null {
  if (located.found && located.mrz.lines.length === mrz.lines.length && located.mrz.format === shapeOf(mrz.format)) {
    const m = located.mrz;
    return { lines: m.lines, from: "locator", located: { capHeight: m.capHeight / band.scale, glare: m.glare, sharpness: m.sharpness } };
  }
  const chars = MRZ_SHAPES[mrz.format].chars;
  const fromBoxes = mrz.lines.map((l) => lineFromBox(band.image, l, chars));
  if (fromBoxes.some((l) => !l)) return null;
  return { lines: fromBoxes as MrzLineImage[], from: "boxes", located: null };
}

/**
 * The MRZ's text, with its lines' boxes in the rectified band: the page's reading when it was whole
 * (its boxes carried into the band; a layout the band's lines contradict is not whole), else the learned OCR's reading of the band itself, where lines
 * too small or too askew on the page to be read whole are read at one scale, level. Null when
 * neither is whole.
 */
export async function mrzInBand(band: RectifiedBand, guess: MrzBandGuess, located: LocateMrzResult): Promise<OcrMrz | null> {
  // The page's text is whole only where its length agrees with the lines the locator follows in the band.
  if (guess.format && (!located.found || located.mrz.format === shapeOf(guess.format))) {
    const carried = intoBand(band, guess.lines);
    return carried && { format: guess.format, lines: carried, texts: guess.texts };
  }
  const { image } = band;
  const lines = await recognizeText(
    { data: image.data, width: image.width, height: image.height, channels: 1 },
    { maxSide: Math.max(image.width, image.height) },
  ).catch(() => null);
  const read = lines && findMrzText(lines);
  return read && read.lines.length === guess.lines.length ? read : null;
}
