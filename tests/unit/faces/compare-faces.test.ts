import { describe, expect, it } from "vitest";
import {
  cosineFromScore,
  FACE_EMBEDDING_DIMENSIONS,
  FACE_MATCH_THRESHOLD,
  faceSimilarity,
  scoreFromCosine,
  unitVector,
} from "@/lib/server/faces/compare-faces";

describe("faceSimilarity", () => {
  it("is 1 / (1 + (d / 0.4)^4) of the distance d between the unit embeddings", () => {
    expect(faceSimilarity([1, 0, 0], [1, 0, 0])).toBeCloseTo(1, 12);
    // Orthogonal: d = √2, (√2 / 0.4)^4 = 4 / 0.0256 = 156.25.
    expect(faceSimilarity([1, 0, 0], [0, 1, 0])).toBeCloseTo(1 / 157.25, 12);
    // Opposite: d = 2, (2 / 0.4)^4 = 625.
    expect(faceSimilarity([1, 0, 0], [-2, 0, 0])).toBeCloseTo(1 / 626, 12);
    // At d = 0.4 exactly the score is one half: cos = 1 − 0.4² / 2 = 0.92.
    const cos = 0.92;
    expect(faceSimilarity([1, 0], [cos, Math.sqrt(1 - cos * cos)])).toBeCloseTo(0.5, 12);
  });

  it("falls as the angle grows and stays within 0..1", () => {
    const scores = [0, 10, 20, 30, 60, 90, 180].map((deg) =>
      faceSimilarity([1, 0], [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)]),
    );
    for (const [i, s] of scores.entries()) {
      expect(s).toBeGreaterThan(0);
      expect(s).toBeLessThanOrEqual(1);
      if (i > 0) expect(s).toBeLessThan(scores[i - 1]!);
    }
  });

  it("ignores length: a scaled embedding is the same face", () => {
    const a = [0.3, -1.2, 4, 0.01];
    expect(
      faceSimilarity(
        a,
        a.map((x) => x * 37),
      ),
    ).toBeCloseTo(1, 12);
    expect(faceSimilarity(a, [1, 2, 3, 4])).toBeCloseTo(
      faceSimilarity(
        a.map((x) => x / 5),
        [2, 4, 6, 8],
      ),
      12,
    );
  });

  it("is 0 against an all-zero vector and refuses embeddings of different lengths", () => {
    expect(faceSimilarity([0, 0, 0], [1, 2, 3])).toBe(0);
    expect(() => faceSimilarity([1, 2], [1, 2, 3])).toThrow(/length/);
  });

  it("converts between a score and the cosine it stands for, both ways", () => {
    for (const cosine of [-1, -0.3, 0, 0.5, 0.8, 0.9, 0.95, 0.99, 1])
      expect(cosineFromScore(scoreFromCosine(cosine))).toBeCloseTo(cosine, 9);
    for (const score of [0.01, 0.3, 0.5, 0.65, 0.9, 0.999]) expect(scoreFromCosine(cosineFromScore(score))).toBeCloseTo(score, 9);
    expect(cosineFromScore(0)).toBe(-1);
    expect(cosineFromScore(1)).toBe(1);
  });

  it("has a network threshold between unrelated and identical faces, for 128-number embeddings", () => {
    expect(FACE_MATCH_THRESHOLD).toBeGreaterThan(0.5);
    expect(FACE_MATCH_THRESHOLD).toBeLessThan(0.9);
    expect(FACE_EMBEDDING_DIMENSIONS).toBe(128);
  });
});

describe("unitVector", () => {
  it("scales to length 1 and keeps the direction", () => {
    const unit = unitVector([3, 4])!;
    expect(unit).toEqual([0.6, 0.8]);
    expect(Math.hypot(...unitVector([1, -2, 3, -4, 5])!)).toBeCloseTo(1, 12);
  });

  it("has no direction to keep for zero or non-finite vectors", () => {
    expect(unitVector([0, 0])).toBeNull();
    expect(unitVector([1, Number.NaN])).toBeNull();
    expect(unitVector([1, Number.POSITIVE_INFINITY])).toBeNull();
  });
});
