import { readFileSync } from "node:fs";
import path from "node:path";
import { MRZ_ALPHABET } from "../../types";
import { TEMPLATE_CAP_HEIGHTS, TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from "./atlas-shape";

/*
 * The OCR-B glyph templates (ocrb-glyphs.json, made by scripts/documents/build-ocrb-glyphs.ts from
 * Debian's fonts-ocr-b) as zero-mean, unit-norm vectors: the dot product with a window is then its
 * normalised cross-correlation once the window's own norm is divided out. Each cap height comes in
 * several blurs, since a phone photo's print is never as crisp as the font.
 */

export interface TemplateSet {
  cap: number;
  blur: number;
  /**
   * Per glyph of MRZ_ALPHABET: TEMPLATE_WIDTH × TEMPLATE_HEIGHT zero-mean, unit-norm values (the
   * float32 values held as float64: the matcher's windows are float64, and one type in its dot
   * products keeps them from converting every element).
   */
  glyphs: Float64Array[];
  /**
   * The same glyphs on every other pixel of every other row (a quarter of the work), scaled ×4 so a
   * coarse dot product is on the full one's scale: for ranking candidates before the full match.
   */
  coarse: Float64Array[];
}

/**
 * The blurs (Gaussian sigma, template px) each cap height comes in; the matcher takes per line the
 * one that fits best. 2.8: small print enlarged to the reading scale (capitals of ~10 px brought to
 * ~30: the third set's Lithuanian card saved at JPEG quality 50, made darker or turned half a turn)
 * is blurred past 1.8, and the sharper sets matched its O, 0 and D alike.
 */
export const TEMPLATE_BLURS = [0, 1, 1.8, 2.8] as const;
export const COARSE_WIDTH = Math.ceil(TEMPLATE_WIDTH / 2);
export const COARSE_HEIGHT = Math.ceil(TEMPLATE_HEIGHT / 2);

let cached: TemplateSet[] | null = null;

export function templateSets(): TemplateSet[] {
  cached ??= build();
  return cached;
}

function build(): TemplateSet[] {
  // Next bundles server code: the asset is read from the app's root, never imported.
  const file = path.resolve(process.cwd(), "lib/server/documents/mrz/template/ocrb-glyphs.json");
  const atlas = JSON.parse(readFileSync(file, "utf8")) as { glyphs: Record<string, Record<string, string>> };
  const sets: TemplateSet[] = [];
  for (const cap of TEMPLATE_CAP_HEIGHTS) {
    const raw = atlas.glyphs[String(cap)];
    if (!raw) throw new Error(`glyph atlas lacks cap height ${cap}: rebuild it`);
    for (const blur of TEMPLATE_BLURS) {
      const glyphs = Array.from(MRZ_ALPHABET, (ch) => normalise(gaussianBlur(Float32Array.from(Buffer.from(raw[ch]!, "base64")), blur)));
      sets.push({ cap, blur, glyphs: glyphs.map((g) => Float64Array.from(g)), coarse: glyphs.map(everyOtherPixel) });
    }
  }
  return sets;
}

function everyOtherPixel(glyph: Float32Array): Float64Array {
  const out = new Float32Array(COARSE_WIDTH * COARSE_HEIGHT);
  let i = 0;
  for (let y = 0; y < TEMPLATE_HEIGHT; y += 2) for (let x = 0; x < TEMPLATE_WIDTH; x += 2) out[i++] = 4 * glyph[y * TEMPLATE_WIDTH + x]!;
  return Float64Array.from(out);
}

function normalise(values: Float32Array): Float32Array {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  let norm = 0;
  for (let i = 0; i < values.length; i++) {
    values[i] = values[i]! - mean;
    norm += values[i]! * values[i]!;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i++) values[i] = values[i]! / norm;
  return values;
}

function gaussianBlur(values: Float32Array, sigma: number): Float32Array {
  if (sigma <= 0) return values;
  const radius = Math.ceil(sigma * 2.5);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  const w = TEMPLATE_WIDTH;
  const h = TEMPLATE_HEIGHT;
  const pass = (src: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        for (let i = -radius; i <= radius; i++) {
          const xx = horizontal ? Math.min(w - 1, Math.max(0, x + i)) : x;
          const yy = horizontal ? y : Math.min(h - 1, Math.max(0, y + i));
          sum += src[yy * w + xx]! * kernel[i + radius]!;
        }
        out[y * w + x] = sum / total;
      }
    }
    return out;
  };
  return pass(pass(values, true), false);
}
