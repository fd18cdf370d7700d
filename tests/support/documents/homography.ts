/* Projective maps between a page and its photo: 3×3 row-major, h[8] = 1. */
export type Homography = [number, number, number, number, number, number, number, number, number];
export type Point = [number, number];

/** The homography taking each `from` point to the matching `to` point (4 correspondences). */
export function homographyFromPoints(from: readonly Point[], to: readonly Point[]): Homography {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] as Point;
    const [u, v] = to[i] as Point;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++)
      if (Math.abs((a[r] as number[])[col] as number) > Math.abs((a[pivot] as number[])[col] as number)) pivot = r;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    const p = a[col] as number[];
    const d = p[col] as number;
    if (Math.abs(d) < 1e-12) throw new Error("degenerate homography");
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const row = a[r] as number[];
      const factor = (row[col] as number) / d;
      if (factor === 0) continue;
      for (let c = col; c < 9; c++) row[c] = (row[c] as number) - factor * (p[c] as number);
    }
  }
  const h = a.map((row, i) => (row[8] as number) / (row[i] as number));
  return [...h, 1] as Homography;
}

export function applyHomography(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}
