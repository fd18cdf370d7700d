import { boxSum, integralImage } from "../../image/integral";
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
}

/**
 * Dark pixels by a local-contrast threshold (below the window's mean by a margin, from an
 * integral image: uneven light and shadows do not matter), then 8-connected components kept when
 * they are character-like (documents-lab.md, "Finding the MRZ").
 */
export function characterBlobs(image: GrayImage, window: number): Blob[] {
  const { width, height, data } = image;
  const sums = integralImage(image);
  const half = window >> 1;
  const dark = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = y - half;
    const y1 = y + half + 1;
    for (let x = 0; x < width; x++) {
      const x0 = x - half;
      const x1 = x + half + 1;
      const n = (Math.min(width, x1) - Math.max(0, x0)) * (Math.min(height, y1) - Math.max(0, y0));
      const mean = boxSum(sums, width, height, x0, y0, x1, y1) / n;
      // A margin that grows with the background's brightness: ink is darker than paper by a share.
      if (data[y * width + x]! < mean * 0.86 - 4) dark[y * width + x] = 1;
    }
  }
  return labelBlobs(dark, width, height);
}

function labelBlobs(dark: Uint8Array, width: number, height: number): Blob[] {
  const blobs: Blob[] = [];
  const stack = new Int32Array(width * height);
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
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
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
    blobs.push({ x0, y0, x1, y1, cx: sx / area, cy: sy / area, w, h, area });
  }
  return blobs;
}
