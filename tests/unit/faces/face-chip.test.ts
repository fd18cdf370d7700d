import { describe, expect, it } from "vitest";
import { confidentFaces } from "@/lib/server/faces/confident-faces";
import { chipLandmarks, LANDMARK_DISAGREEMENT } from "@/lib/server/faces/describe-face";
import {
  CHIP_LANDMARKS,
  chipPoint,
  chipTransform,
  chipTransformFromLandmarks,
  DLIB_FROM_MESH,
  landmarkDisagreement,
  meshLandmarks,
  similarityTransform,
} from "@/lib/server/faces/face-chip";

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

  it("maps dlib's own landmarks lying on the template (turned 90°, halved, shifted) back onto the chip", () => {
    // Picture point = R(90°)·(chip point)/2 + (100, 7): x' = −y/2 + 100, y' = x/2 + 7, so the chip →
    // picture transform is a = cos 90°/2 = 0, c = sin 90°/2 = 0.5, shift (100, 7).
    const landmarks: [number, number][] = Array.from({ length: 68 }, () => [Number.NaN, Number.NaN]);
    for (const dlib of CHIP_LANDMARKS) {
      const [cx, cy] = chipPoint(dlib);
      landmarks[dlib] = [-cy / 2 + 100, cx / 2 + 7];
    }
    const t = chipTransformFromLandmarks(landmarks)!;
    expect(t[0]).toBeCloseTo(0, 9);
    expect(t[1]).toBeCloseTo(-0.5, 9);
    expect(t[2]).toBeCloseTo(100, 6);
    expect(t[3]).toBeCloseTo(0.5, 9);
    expect(t[4]).toBeCloseTo(0, 9);
    expect(t[5]).toBeCloseTo(7, 6);
  });

  it("fits on dlib's nose, eyes and upper lip only (27–54, 60–64: not the jaw, brows or lower lip)", () => {
    const expected = [...Array.from({ length: 28 }, (_, i) => 27 + i), 60, 61, 62, 63, 64];
    expect([...CHIP_LANDMARKS].sort((a, b) => a - b)).toEqual(expected);
    const landmarks: [number, number][] = Array.from({ length: 68 }, () => [Number.NaN, Number.NaN]);
    for (const dlib of CHIP_LANDMARKS) landmarks[dlib] = chipPoint(dlib);
    // The jaw, brows and lower lip are unknown here and not read: the fit is the identity.
    expect(chipTransformFromLandmarks(landmarks)![0]).toBeCloseTo(1, 9);
    landmarks[33] = [Number.NaN, 0];
    expect(chipTransformFromLandmarks(landmarks)).toBeNull();
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

describe("landmarks from two finders", () => {
  // Landmarks on the template at chip scale: the outer eye corners 36 and 45 lie
  // (0.858516 − 0.121737) / 1.5 · 150 = 73.6779 px apart, both at y = 0.216423 (dlib's mean face).
  const template = (): [number, number][] => {
    const landmarks: [number, number][] = Array.from({ length: 68 }, () => [Number.NaN, Number.NaN]);
    for (const dlib of CHIP_LANDMARKS) landmarks[dlib] = chipPoint(dlib);
    return landmarks;
  };
  const eyes = ((0.858516 - 0.121737) / 1.5) * 150;

  it("measures their disagreement as the mean distance over the chip's points ÷ the eye distance", () => {
    expect(landmarkDisagreement(template(), template())).toBe(0);
    // Every point moved 3 px right and 4 px down: 5 px each, ÷ 73.6779.
    const moved = template().map(([x, y]) => [x + 3, y + 4] as [number, number]);
    expect(landmarkDisagreement(template(), moved)).toBeCloseTo(5 / eyes, 9);
    // One point of the 33 moved 33 px: a mean of 1 px.
    const one = template();
    one[30] = [one[30]![0] + 33, one[30]![1]];
    expect(landmarkDisagreement(template(), one)).toBeCloseTo(1 / eyes, 9);
    // A point missing: no agreement can be measured.
    const missing = template();
    missing[50] = [Number.NaN, Number.NaN];
    expect(landmarkDisagreement(template(), missing)).toBe(Infinity);
  });

  it("fits the chip on the landmark network's points unless they lie further than LANDMARK_DISAGREEMENT from the mesh's", () => {
    // A mesh whose dlib points sit on the template.
    const mesh: number[][] = Array.from({ length: 468 }, () => [0, 0, 0]);
    for (const [dlib, index] of Object.entries(DLIB_FROM_MESH)) mesh[index] = [...chipPoint(Number(dlib)), 0];
    expect(meshLandmarks(mesh)[36]).toEqual(mesh[DLIB_FROM_MESH[36]!]);
    const near = template().map(([x, y]) => [x + 0.5 * LANDMARK_DISAGREEMENT * eyes, y] as [number, number]);
    const far = template().map(([x, y]) => [x + 2 * LANDMARK_DISAGREEMENT * eyes, y] as [number, number]);
    expect(chipLandmarks(mesh, near)).toBe(near);
    expect(chipLandmarks(mesh, far)[30]).toEqual(mesh[DLIB_FROM_MESH[30]!]);
    expect(chipLandmarks(mesh, null)[30]).toEqual(mesh[DLIB_FROM_MESH[30]!]);
  });
});
