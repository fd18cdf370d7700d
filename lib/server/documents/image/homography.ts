import type { GrayImage } from "../types";
import { cropScale } from "./crop-scale";
import { sampleBilinear } from "./integral";

/*
 * Plane-to-plane perspective maps. A flat rectangle (an MRZ band) photographed at an angle is a
 * quadrilateral in the picture; the homography taking the quadrilateral's four corners to the
 * rectangle's undoes the perspective exactly (up to the lens's distortion), where a crop and a
 * rotation undo only the turn.
 */

export type Point = readonly [number, number];
/** Row-major 3×3 matrix, h[8] normalised to 1. */
export type Homography = readonly number[];

/** Solves A·x = b (n×n, partial pivoting); null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** The homography taking each `from[i]` to `to[i]` (four points, no three on a line); null when degenerate. */
export function homographyFrom(from: readonly Point[], to: readonly Point[]): Homography | null {
  if (from.length !== 4 || to.length !== 4) return null;
  // Normalise both point sets (centred, mean distance √2) for a well-conditioned system.
  const norm = (pts: readonly Point[]) => {
    const cx = pts.reduce((s, p) => s + p[0], 0) / 4;
    const cy = pts.reduce((s, p) => s + p[1], 0) / 4;
    const d = pts.reduce((s, p) => s + Math.hypot(p[0] - cx, p[1] - cy), 0) / 4 || 1;
    const k = Math.SQRT2 / d;
    return { t: [k, 0, -k * cx, 0, k, -k * cy, 0, 0, 1], pts: pts.map(([x, y]) => [k * (x - cx), k * (y - cy)] as const) };
  };
  const f = norm(from);
  const t = norm(to);
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = f.pts[i]!;
    const [u, v] = t.pts[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  if (!h) return null;
  // H = T_to⁻¹ · Hn · T_from
  const hn = [...h, 1];
  const inv = invert(t.t);
  if (!inv) return null;
  const out = multiply(inv, multiply(hn, f.t));
  const s = out[8]!;
  if (Math.abs(s) < 1e-12) return null;
  return out.map((v) => v / s);
}

export function multiply(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) out[r * 3 + c]! += a[r * 3 + k]! * b[k * 3 + c]!;
  return out;
}

export function invert(m: readonly number[]): number[] | null {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) return null;
  return [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map((v) => v / det);
}

export function mapPoint(h: Homography, x: number, y: number): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/**
 * The quadrilateral `quad` of `image` (corners clockwise from the one that becomes the top-left)
 * resampled onto a width × height rectangle, with `margin` px more on every side taken from the
 * same plane around it. Returns the rectangle's image and the homography from its pixels to the
 * image's. Where the output would shrink the source by more than ~1.4×, or enlarge it by more
 * than that, the region is first resampled to about the output's scale (an area filter down,
 * cubic up): bilinear sampling alone would alias fine print down and blur its strokes up.
 */
export async function warpQuad(
  image: GrayImage,
  quad: readonly [Point, Point, Point, Point],
  width: number,
  height: number,
  margin = { x: 0, y: 0 },
): Promise<{ image: GrayImage; toSource: Homography } | null> {
  const W = Math.max(1, Math.round(width + 2 * margin.x));
  const H = Math.max(1, Math.round(height + 2 * margin.y));
  const rect: Point[] = [
    [margin.x, margin.y],
    [margin.x + width, margin.y],
    [margin.x + width, margin.y + height],
    [margin.x, margin.y + height],
  ];
  const toSource = homographyFrom(rect, quad);
  if (!toSource) return null;
  // Source px per output px along the band (the shorter of the quad's top and bottom edges).
  const edge = Math.min(
    Math.hypot(quad[1][0] - quad[0][0], quad[1][1] - quad[0][1]),
    Math.hypot(quad[2][0] - quad[3][0], quad[2][1] - quad[3][1]),
  );
  const shrink = edge / Math.max(1, width);
  let source = image;
  let toPixels: Homography = toSource;
  if (shrink > 1.4 || shrink < 0.7) {
    // Resample the region the output samples (its bounding box) to about the output's scale first
    // (an area filter down, cubic up), and sample that copy at ~1:1.
    const corners = [mapPoint(toSource, 0, 0), mapPoint(toSource, W, 0), mapPoint(toSource, W, H), mapPoint(toSource, 0, H)];
    const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[0]))));
    const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[1]))));
    const x1 = Math.min(image.width, Math.ceil(Math.max(...corners.map((p) => p[0]))));
    const y1 = Math.min(image.height, Math.ceil(Math.max(...corners.map((p) => p[1]))));
    if (x1 - x0 >= 2 && y1 - y0 >= 2) {
      const k = 1 / shrink;
      source = await cropScale(image, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, k);
      const sx = source.width / (x1 - x0);
      const sy = source.height / (y1 - y0);
      // source px = S · (image px − origin)
      toPixels = multiply([sx, 0, -sx * x0, 0, sy, -sy * y0, 0, 0, 1], toSource);
    }
  }
  const data = new Uint8Array(W * H);
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) {
      const [x, y] = mapPoint(toPixels, u + 0.5, v + 0.5);
      data[v * W + u] = Math.round(sampleBilinear(source, x - 0.5, y - 0.5));
    }
  }
  return { image: { width: W, height: H, data }, toSource };
}
