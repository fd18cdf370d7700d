import type { MrzLineImage } from "../../types";
import { TEMPLATE_BASELINE, TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from "../template/atlas-shape";

/*
 * What the cell classifier sees of one cell of a straightened MRZ line: the template reader's
 * window (TEMPLATE_WIDTH × TEMPLATE_HEIGHT around the cell, baseline at TEMPLATE_BASELINE) pooled
 * 2 × 2, ink made positive and the window standardised, so light, contrast and glare's washed-out
 * paper do not matter, only the shape. The training script and the reader both call this.
 */

export const POOL = 2;
export const FEATURE_WIDTH = TEMPLATE_WIDTH / POOL;
export const FEATURE_HEIGHT = TEMPLATE_HEIGHT / POOL;
export const FEATURES = FEATURE_WIDTH * FEATURE_HEIGHT;

/** Features of cell k, its window moved by (dx, dy) px; written into `out` (FEATURES long). */
export function cellFeatures(line: MrzLineImage, k: number, dx: number, dy: number, out: Float32Array): Float32Array {
  const { width, height, data } = line;
  const x0 = Math.round(line.cellLeft + (k + 0.5) * line.cellPitch - TEMPLATE_WIDTH / 2) + dx;
  const y0 = line.baseline - TEMPLATE_BASELINE + dy;
  let sum = 0;
  for (let fy = 0; fy < FEATURE_HEIGHT; fy++) {
    for (let fx = 0; fx < FEATURE_WIDTH; fx++) {
      let acc = 0;
      for (let py = 0; py < POOL; py++) {
        const y = Math.min(height - 1, Math.max(0, y0 + fy * POOL + py));
        for (let px = 0; px < POOL; px++) {
          const x = Math.min(width - 1, Math.max(0, x0 + fx * POOL + px));
          acc += data[y * width + x]!;
        }
      }
      const v = 255 - acc / (POOL * POOL);
      out[fy * FEATURE_WIDTH + fx] = v;
      sum += v;
    }
  }
  const mean = sum / FEATURES;
  let sq = 0;
  for (let i = 0; i < FEATURES; i++) {
    const d = out[i]! - mean;
    out[i] = d;
    sq += d * d;
  }
  // A floor on the spread: a blank (washed-out) window stays near zero instead of noise blown up.
  const scale = 1 / Math.max(12, Math.sqrt(sq / FEATURES));
  for (let i = 0; i < FEATURES; i++) out[i] = out[i]! * scale;
  return out;
}
