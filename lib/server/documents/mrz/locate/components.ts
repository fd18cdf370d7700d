import { integralImage } from "../../image/integral";
import type { GrayImage } from "../../types";

/** A dark blob that could be one printed character. */
export interface Blob {
  x0: number;
  y0: number;
  x1: number; // inclusive
  y1: number;
  cx: number;
  cy: number;
  w: number;
  h: number;
  area: number;
  /** Sums of the blob's pixel coordinates (cx = sx / area), kept so the blob can be turned exactly. */
  sx: number;
  sy: number;
  /** The blob's first and last pixel in raster order (y × width + x). */
  first: number;
  last: number;
}

/**
 * Dark pixels by a local-contrast threshold (below the window's mean by a margin, from an
 * integral image: uneven light and shadows do not matter), then 8-connected components kept when
 * they are character-like (documents-lab.md, "Finding the MRZ").
 */
export function characterBlobs(image: GrayImage, window: number): Blob[] {
  const { width, height, data } = image;
  const sums = integralImage(image);
  const stride = width + 1;
  const half = window >> 1;
  const dark = new Uint8Array(width * height);
  // The window's sum from the integral image, written out here: this loop visits every pixel.
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    const top = y0 * stride;
    const bottom = y1 * stride;
    const rows = y1 - y0;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width, x + half + 1);
      const n = (x1 - x0) * rows;
      const mean = (sums[bottom + x1]! - sums[top + x1]! - sums[bottom + x0]! + sums[top + x0]!) / n;
      // A margin that grows with the background's brightness: ink is darker than paper by a share.
      if (data[row + x]! < mean * 0.86 - 4) dark[row + x] = 1;
    }
  }
  return labelBlobs(dark, width, height);
}

/**
 * The blobs characterBlobs finds in the image turned half a turn, from the upright image's blobs:
 * its window is centred on each pixel, so the dark pixels and their components are the same ones
 * turned, and the order is the turned image's raster order. Every field is what characterBlobs
 * would compute on the turned pixels (the coordinate sums are whole numbers: exact).
 */
export function turnBlobs(blobs: readonly Blob[], width: number, height: number): Blob[] {
  const lastPixel = width * height - 1;
  return blobs
    .map((b) => {
      const sx = b.area * (width - 1) - b.sx;
      const sy = b.area * (height - 1) - b.sy;
      return {
        x0: width - 1 - b.x1,
        y0: height - 1 - b.y1,
        x1: width - 1 - b.x0,
        y1: height - 1 - b.y0,
        cx: sx / b.area,
        cy: sy / b.area,
        w: b.w,
        h: b.h,
        area: b.area,
        sx,
        sy,
        first: lastPixel - b.last,
        last: lastPixel - b.first,
      };
    })
    .sort((a, b) => a.first - b.first);
}

function labelBlobs(dark: Uint8Array, width: number, height: number): Blob[] {
  const blobs: Blob[] = [];
  // A stack that grows as a blob needs it: sized for the whole image it was ~8 MB a page, mostly unused.
  let stack = new Int32Array(4096);
  for (let start = 0; start < dark.length; start++) {
    if (dark[start] !== 1) continue;
    let top = 0;
    stack[top++] = start;
    dark[start] = 2;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let last = start;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      if (p > last) last = p;
      area++;
      sx += x;
      sy += y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (dark[q] === 1) {
            dark[q] = 2;
            if (top === stack.length) {
              const grown = new Int32Array(stack.length * 2);
              grown.set(stack);
              stack = grown;
            }
            stack[top++] = q;
          }
        }
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    // Character-like: not a speck, not a line or a picture; filled like a glyph.
    if (area < 12 || h < 6 || h > 120 || w > 1.6 * h + 4 || w * h > 14_000) continue;
    const fill = area / (w * h);
    if (fill < 0.08 || fill > 0.95) continue;
    blobs.push({ x0, y0, x1, y1, cx: sx / area, cy: sy / area, w, h, area, sx, sy, first: start, last });
  }
  return blobs;
}
