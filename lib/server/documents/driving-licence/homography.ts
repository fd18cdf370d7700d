/** A 3×3 projective transform, row-major, last entry 1. */
export type Homography = number[];
export type Point = [number, number];

/** The homography taking each of four `from` points to the matching `to` point (Gauss–Jordan on the 8×8 system). */
export function homography(from: Point[], to: Point[]): Homography {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] ?? [0, 0];
    const [u, v] = to[i] ?? [0, 0];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u], [0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const at = (r: number, c: number): number => rows[r]?.[c] ?? 0;
  for (let c = 0; c < 8; c++) {
    let pivot = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(at(r, c)) > Math.abs(at(pivot, c))) pivot = r;
    const swap = rows[c] as number[];
    rows[c] = rows[pivot] as number[];
    rows[pivot] = swap;
    const p = at(c, c);
    if (Math.abs(p) < 1e-12) throw new Error("degenerate quadrilateral");
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = at(r, c) / p;
      const row = rows[r] as number[];
      for (let k = c; k < 9; k++) row[k] = at(r, k) - f * at(c, k);
    }
  }
  return [...Array.from({ length: 8 }, (_, i) => at(i, 8) / at(i, i)), 1];
}

export function project(h: Homography, [x, y]: Point): Point {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, k = 0, l = 1] = h;
  const w = g * x + k * y + l;
  return [(a * x + b * y + c) / w, (d * x + e * y + f) / w];
}
