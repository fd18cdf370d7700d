import type { GrayImage } from "../types";

/** Summed-area table with a zero first row and column: (width + 1) × (height + 1). */
export function integralImage(image: GrayImage): Float64Array {
  const { width, height, data } = image;
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  return sums;
}

/** Sum of the pixels in [x0, x1) × [y0, y1), clamped to the image. */
export function boxSum(sums: Float64Array, width: number, height: number, x0: number, y0: number, x1: number, y1: number): number {
  const stride = width + 1;
  x0 = Math.max(0, x0);
  y0 = Math.max(0, y0);
  x1 = Math.min(width, x1);
  y1 = Math.min(height, y1);
  return sums[y1 * stride + x1]! - sums[y0 * stride + x1]! - sums[y1 * stride + x0]! + sums[y0 * stride + x0]!;
}

/** Bilinear sample at (x, y); outside the image, the value `outside`. */
export function sampleBilinear(image: GrayImage, x: number, y: number, outside = 255): number {
  const { width, height, data } = image;
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return outside;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const a = data[y0 * width + x0]!;
  const b = data[y0 * width + x1]!;
  const c = data[y1 * width + x0]!;
  const d = data[y1 * width + x1]!;
  return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
}
