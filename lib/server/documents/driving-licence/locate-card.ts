import type { GrayImage } from "../types";
import type { Point } from "./homography";

/*
 * Finds the photocard in a photo as a quadrilateral: the card is the largest bright region (its
 * pink ground is lighter than a table or hand), split from the rest by Otsu's threshold on a
 * small copy. Its four corners come from straight lines fitted to each side's boundary points,
 * so the rounded corners do not pull them inward and perspective is kept (not a rotated box).
 */

export interface CardQuad {
  /** Corners in the input image's px: top-left, top-right, bottom-right, bottom-left of the card as it lies (long side first). */
  corners: [Point, Point, Point, Point];
  /** Share of the image the card covers. */
  coverage: number;
}

function otsu(image: GrayImage): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of image.data) hist[v] = (hist[v] ?? 0) + 1;
  const total = image.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] ?? 0);
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    weightB += hist[t] ?? 0;
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += t * (hist[t] ?? 0);
    const between = weightB * weightF * (sumB / weightB - (sum - sumB) / weightF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Label of the largest 4-connected component of `mask`, as a byte mask. */
function largestComponent(mask: Uint8Array, width: number, height: number): { mask: Uint8Array; size: number } {
  const labels = new Int32Array(width * height).fill(-1);
  const stack = new Int32Array(width * height);
  let bestLabel = -1;
  let bestSize = 0;
  let label = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start] !== -1) continue;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    let size = 0;
    while (top > 0) {
      const i = stack[--top] ?? 0;
      size++;
      const x = i % width;
      const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const n of neighbours) {
        if (n < 0 || n >= mask.length || !mask[n] || labels[n] !== -1) continue;
        labels[n] = label;
        stack[top++] = n;
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = label;
    }
    label++;
  }
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = labels[i] === bestLabel ? 1 : 0;
  return { mask: out, size: bestSize };
}

/** Total-least-squares line through points: a point on it and its unit direction. */
function fitLine(points: Point[]): { p: Point; d: Point } | null {
  if (points.length < 5) return null;
  let mx = 0;
  let my = 0;
  for (const [x, y] of points) {
    mx += x;
    my += y;
  }
  mx /= points.length;
  my /= points.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
    sxy += (x - mx) * (y - my);
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { p: [mx, my], d: [Math.cos(angle), Math.sin(angle)] };
}

function intersect(a: { p: Point; d: Point }, b: { p: Point; d: Point }): Point | null {
  const det = a.d[0] * -b.d[1] + b.d[0] * a.d[1];
  if (Math.abs(det) < 1e-6) return null;
  const dx = b.p[0] - a.p[0];
  const dy = b.p[1] - a.p[1];
  const t = (dx * -b.d[1] + b.d[0] * dy) / det;
  return [a.p[0] + t * a.d[0], a.p[1] + t * a.d[1]];
}

function distanceToSegment([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): { distance: number; t: number } {
  const vx = bx - ax;
  const vy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy || 1)));
  return { distance: Math.hypot(px - ax - t * vx, py - ay - t * vy), t };
}

const side = (a: Point, b: Point): number => Math.hypot(b[0] - a[0], b[1] - a[1]);

/**
 * The card's quadrilateral in `small` (a downscaled grey copy), scaled by `scale` back to the
 * original photo's px; null when nothing card-like (large, bright, about 1.59:1) is found.
 */
export function locateCard(small: GrayImage, scale: number): CardQuad | null {
  const { width, height, data } = small;
  const threshold = otsu(small);
  const bright = new Uint8Array(width * height);
  for (let i = 0; i < bright.length; i++) bright[i] = (data[i] ?? 0) > threshold ? 1 : 0;
  const { mask, size } = largestComponent(bright, width, height);
  if (size < width * height * 0.06) return null;
  // Boundary points: the first and last mask pixel of every row and column.
  const boundary: Point[] = [];
  for (let y = 0; y < height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) boundary.push([first, y], [last, y]);
  }
  for (let x = 0; x < width; x++) {
    let first = -1;
    let last = -1;
    for (let y = 0; y < height; y++) {
      if (!mask[y * width + x]) continue;
      if (first < 0) first = y;
      last = y;
    }
    if (first >= 0) boundary.push([x, first], [x, last]);
  }
  const extreme = (score: (p: Point) => number): Point =>
    boundary.reduce((best, p) => (score(p) > score(best) ? p : best), boundary[0] ?? [0, 0]);
  const rough: Point[] = [extreme(([x, y]) => -x - y), extreme(([x, y]) => x - y), extreme(([x, y]) => x + y), extreme(([x, y]) => y - x)];
  const sides = [0, 1, 2, 3].map(() => [] as Point[]);
  for (const p of boundary) {
    // Points on the image border are where the card (or glare) runs out of the photo: not edges.
    if (p[0] <= 0 || p[1] <= 0 || p[0] >= width - 1 || p[1] >= height - 1) continue;
    let best = -1;
    let bestDistance = Infinity;
    let bestT = 0;
    for (let s = 0; s < 4; s++) {
      const { distance, t } = distanceToSegment(p, rough[s] as Point, rough[(s + 1) % 4] as Point);
      if (distance < bestDistance) [best, bestDistance, bestT] = [s, distance, t];
    }
    const length = side(rough[best] as Point, rough[(best + 1) % 4] as Point);
    if (bestT > 0.12 && bestT < 0.88 && bestDistance < Math.max(3, length * 0.04)) sides[best]?.push(p);
  }
  const lines = sides.map(fitLine);
  const corners: Point[] = [];
  for (let s = 0; s < 4; s++) {
    const a = lines[(s + 3) % 4];
    const b = lines[s];
    const corner = a && b ? intersect(a, b) : null;
    corners.push(corner ?? (rough[s] as Point));
  }
  // Long side first: a card lying in portrait orientation is turned a quarter.
  const [c0, c1, c2, c3] = corners as [Point, Point, Point, Point];
  const ordered: [Point, Point, Point, Point] =
    side(c0, c1) + side(c2, c3) >= side(c1, c2) + side(c3, c0) ? [c0, c1, c2, c3] : [c3, c0, c1, c2];
  const ratio =
    (side(ordered[0], ordered[1]) + side(ordered[2], ordered[3])) / (side(ordered[1], ordered[2]) + side(ordered[3], ordered[0]));
  if (ratio < 1.3 || ratio > 1.95) return null;
  return {
    corners: ordered.map(([x, y]) => [x * scale, y * scale]) as [Point, Point, Point, Point],
    coverage: size / (width * height),
  };
}
