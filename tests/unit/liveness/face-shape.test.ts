import { describe, expect, it } from "vitest";
import { alignToRest, eyeAspect, medianMesh, STILL_POINTS, type Point } from "@/lib/server/liveness/face-shape";

/*
 * The whole face's motion undone before the eyes are read: a mesh moved by an affine map (a flat
 * picture squashed, sheared, rolled, shifted, scaled) is carried back onto the rest mesh exactly,
 * while lids that close stay closed. Meshes here are made up: 468 points in a face-sized box with
 * the eye points of Human's mesh laid out as open eyes.
 */
function restMesh(): Point[] {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const mesh: Point[] = Array.from({ length: 468 }, () => [150 + 180 * random(), 150 + 240 * random()]);
  // Right eye: corners 33 (outer) and 133 (inner); upper lid 160/159/158 over lower lid 144/145/153.
  const eye = (outer: number, inner: number, upper: number[], lower: number[], x0: number, x1: number) => {
    mesh[outer] = [x0, 230];
    mesh[inner] = [x1, 230];
    upper.forEach((i, k) => (mesh[i] = [x0 + ((k + 1) * (x1 - x0)) / 4, 220]));
    lower.forEach((i, k) => (mesh[i] = [x0 + ((k + 1) * (x1 - x0)) / 4, 240]));
  };
  eye(33, 133, [160, 159, 158], [144, 145, 153], 180, 220);
  eye(263, 362, [387, 386, 385], [373, 374, 380], 300, 260);
  return mesh;
}

const affine = (mesh: Point[], [a, b, c, d, e, f]: number[]) => mesh.map(([x, y]) => [a! * x + b! * y + e!, c! * x + d! * y + f!] as Point);
const closeLids = (mesh: Point[], by: number) =>
  mesh.map((p, i) => ([160, 159, 158, 387, 386, 385].includes(i) ? ([p[0], p[1] + 20 * by] as Point) : p));

describe("alignToRest", () => {
  const rest = restMesh();

  it("undoes a squash, a shear, a roll and a shift of the whole face: the eyes read as at rest", () => {
    const roll = (12 * Math.PI) / 180;
    const moves = [
      [1, 0, 0, Math.cos((55 * Math.PI) / 180), 0, 40], // tilted 55° about the horizontal axis
      [Math.cos((45 * Math.PI) / 180), 0, 0.1, 1, 20, 0], // swung 45° with a little shear
      [1.2 * Math.cos(roll), -1.2 * Math.sin(roll), 1.2 * Math.sin(roll), 1.2 * Math.cos(roll), -30, 15], // rolled, nearer
    ];
    for (const [k, move] of moves.entries()) {
      const moved = affine(rest, move);
      // The squash and the swing fool the raw ratio (a roll and a scale alone do not)…
      if (k < 2) expect(Math.abs(eyeAspect(moved) / eyeAspect(rest) - 1)).toBeGreaterThan(0.1);
      // …the aligned one reads rest every time.
      expect(eyeAspect(alignToRest(moved, rest)!) / eyeAspect(rest)).toBeCloseTo(1, 6);
    }
  });

  it("keeps lids that close, even on a moved face", () => {
    const moved = affine(closeLids(rest, 0.8), [1, 0, 0, 0.7, 5, 5]);
    // Lids 80 % down: the opening is a fifth of rest.
    expect(eyeAspect(alignToRest(moved, rest)!) / eyeAspect(rest)).toBeCloseTo(0.2, 6);
  });

  it("fits only the points no expression moves, and gives the per-point median of the lead-in", () => {
    expect(STILL_POINTS).not.toEqual(expect.arrayContaining([159, 145, 61, 291]));
    const a = restMesh();
    const b = affine(a, [1, 0, 0, 1, 2, 0]);
    const c = affine(a, [1, 0, 0, 1, 4, 0]);
    expect(medianMesh([a, c, b])[0]).toEqual(b[0]);
    expect(
      alignToRest(
        a.map(() => [1, 1] as Point),
        rest,
      ),
    ).toBeNull();
  });
});
