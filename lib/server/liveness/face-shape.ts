/*
 * Expressions apart from the whole face's motion. A flat picture moved in front of the camera
 * (tilted, swung, rolled, brought nearer) moves every point of the face by nearly one affine map of
 * the image; a blink moves the lids and nothing else. So each frame's mesh is mapped onto the rest
 * mesh by the affine map that best fits the points no expression moves (the upper outline, the
 * nose, the brows, the eye corners), and the eye opening is read on the mapped mesh: whatever the
 * picture's motion did to the eyes is undone, what the lids did is left.
 */

export type Point = [number, number];

/** Human's mesh points that blinking and smiling leave in place: the outline above the mouth, nose, brows, eye corners. */
export const STILL_POINTS = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109, 1, 2, 4, 5, 6, 168, 197, 195, 98, 327,
  70, 63, 105, 66, 107, 336, 296, 334, 293, 300, 33, 133, 263, 362,
];

const dist = (m: readonly Point[], a: number, b: number) => Math.hypot(m[a]![0] - m[b]![0], m[a]![1] - m[b]![1]);

/** Eye aspect ratio, mean of both eyes (three lid openings ÷ the eye's width). */
export function eyeAspect(m: readonly Point[]): number {
  const right = (dist(m, 159, 145) + dist(m, 158, 153) + dist(m, 160, 144)) / (3 * dist(m, 33, 133) || 1);
  const left = (dist(m, 386, 374) + dist(m, 385, 380) + dist(m, 387, 373)) / (3 * dist(m, 263, 362) || 1);
  return (right + left) / 2;
}

/** Per-point median of several meshes (the rest pose from the lead-in's frames). */
export function medianMesh(meshes: readonly (readonly Point[])[]): Point[] {
  const mid = (v: number[]) => {
    const s = [...v].sort((a, b) => a - b);
    const k = s.length >> 1;
    return s.length % 2 ? s[k]! : (s[k - 1]! + s[k]!) / 2;
  };
  const n = Math.min(...meshes.map((m) => m.length));
  return Array.from({ length: n }, (_, i) => [mid(meshes.map((m) => m[i]![0])), mid(meshes.map((m) => m[i]![1]))] as Point);
}

/** `mesh` carried onto `rest` by the least-squares affine map of STILL_POINTS; null when the fit is degenerate. */
export function alignToRest(mesh: readonly Point[], rest: readonly Point[]): Point[] | null {
  const idx = STILL_POINTS.filter((i) => i < mesh.length && i < rest.length);
  if (idx.length < 3) return null;
  let px = 0;
  let py = 0;
  let qx = 0;
  let qy = 0;
  for (const i of idx) {
    px += mesh[i]![0];
    py += mesh[i]![1];
    qx += rest[i]![0];
    qy += rest[i]![1];
  }
  px /= idx.length;
  py /= idx.length;
  qx /= idx.length;
  qy /= idx.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  let ux = 0;
  let uy = 0;
  let vx = 0;
  let vy = 0;
  for (const i of idx) {
    const x = mesh[i]![0] - px;
    const y = mesh[i]![1] - py;
    const u = rest[i]![0] - qx;
    const v = rest[i]![1] - qy;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    ux += u * x;
    uy += u * y;
    vx += v * x;
    vy += v * y;
  }
  const det = sxx * syy - sxy * sxy;
  if (!(Math.abs(det) > 1e-9)) return null;
  // [a b; c d] = [Σu·x Σu·y; Σv·x Σv·y] · inverse([Σx² Σxy; Σxy Σy²])
  const a = (ux * syy - uy * sxy) / det;
  const b = (uy * sxx - ux * sxy) / det;
  const c = (vx * syy - vy * sxy) / det;
  const d = (vy * sxx - vx * sxy) / det;
  return mesh.map(([x, y]) => [a * (x - px) + b * (y - py) + qx, c * (x - px) + d * (y - py) + qy] as Point);
}
