import { describe, expect, it } from "vitest";
import { confidentFaces } from "@/lib/server/faces/embed-face";
import { chipPoint, chipTransform, DLIB_FROM_MESH, similarityTransform } from "@/lib/server/faces/face-chip";

describe("similarityTransform", () => {
  it("recovers a turn, a scale and a shift from points it moved", () => {
    // to = 2·R(30°)·from + (10, −5), worked out by hand: cos 30° = 0.8660, sin 30° = 0.5.
    const from: [number, number][] = [
      [0, 0],
      [1, 0],
      [0, 1],
      [3, 2],
    ];
    const a = 2 * Math.cos(Math.PI / 6);
    const c = 2 * Math.sin(Math.PI / 6);
    const to = from.map(([x, y]) => [a * x - c * y + 10, c * x + a * y - 5] as [number, number]);
    const t = similarityTransform(from, to);
    expect(t[0]).toBeCloseTo(1.7320508, 6);
    expect(t[1]).toBeCloseTo(-1, 6);
    expect(t[2]).toBeCloseTo(10, 6);
    expect(t[3]).toBeCloseTo(1, 6);
    expect(t[4]).toBeCloseTo(1.7320508, 6);
    expect(t[5]).toBeCloseTo(-5, 6);
  });

  it("fits noisy points by least squares: the mean of the two exact answers", () => {
    // Two points mapped once with scale 1 and once with scale 3 (same centre): the fit's scale is 2.
    const t = similarityTransform(
      [
        [-1, 0],
        [1, 0],
        [-1, 0],
        [1, 0],
      ],
      [
        [-1, 0],
        [1, 0],
        [-3, 0],
        [3, 0],
      ],
    );
    expect(t[0]).toBeCloseTo(2, 9);
    expect(t[3]).toBeCloseTo(0, 9);
  });

  it("refuses points all in one place", () => {
    expect(() =>
      similarityTransform(
        [
          [1, 1],
          [1, 1],
        ],
        [
          [0, 0],
          [2, 2],
        ],
      ),
    ).toThrow();
  });
});

describe("dlib's chip", () => {
  it("places the mean face inside a 150 px chip with a quarter of padding (dlib's get_face_chip_details)", () => {
    // Landmark 30 (nose tip) of dlib's template is at (0.490127, 0.515625): (0.25 + x) / 1.5 · 150.
    const [x, y] = chipPoint(30);
    expect(x).toBeCloseTo(((0.25 + 0.490127) / 1.5) * 150, 6);
    expect(y).toBeCloseTo(((0.25 + 0.515625) / 1.5) * 150, 6);
  });

  it("maps a mesh lying exactly on the template (scaled ×2, shifted) back onto the chip", () => {
    // A made-up mesh: each point dlib uses put where the template says, in a picture twice the chip's scale, shifted by (40, 30).
    const mesh: number[][] = Array.from({ length: 468 }, () => [0, 0, 0]);
    for (const [dlib, index] of Object.entries(DLIB_FROM_MESH)) {
      const [cx, cy] = chipPoint(Number(dlib));
      mesh[index] = [2 * cx + 40, 2 * cy + 30, 0];
    }
    const t = chipTransform(mesh)!;
    expect(t[0]).toBeCloseTo(2, 9);
    expect(t[3]).toBeCloseTo(0, 9);
    expect(t[2]).toBeCloseTo(40, 6);
    expect(t[5]).toBeCloseTo(30, 6);
  });

  it("gives no transform for a mesh missing a point it needs", () => {
    expect(chipTransform(Array.from({ length: 100 }, () => [1, 2]))).toBeNull();
  });
});

describe("confidentFaces", () => {
  it("keeps faces within 0.25 of the surest one and at least 0.5", () => {
    const faces = [{ boxScore: 0.86 }, { boxScore: 0.52 }, { boxScore: 0.7 }, { boxScore: 0.3 }];
    expect(confidentFaces(faces).map((f) => f.boxScore)).toEqual([0.86, 0.7]);
    expect(confidentFaces([{ boxScore: 0.55 }, { boxScore: 0.45 }]).map((f) => f.boxScore)).toEqual([0.55]);
    expect(confidentFaces([])).toEqual([]);
  });
});
