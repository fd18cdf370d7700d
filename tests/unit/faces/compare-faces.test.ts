import { describe, expect, it } from "vitest";
import { FACE_EMBEDDING_DIMENSIONS, FACE_MATCH_THRESHOLD, faceSimilarity, unitVector } from "@/lib/server/faces/compare-faces";

describe("faceSimilarity", () => {
  it("is the cosine of the angle between two embeddings", () => {
    expect(faceSimilarity([1, 0, 0], [1, 0, 0])).toBeCloseTo(1, 12);
    expect(faceSimilarity([1, 0, 0], [0, 1, 0])).toBeCloseTo(0, 12);
    expect(faceSimilarity([1, 0, 0], [-2, 0, 0])).toBeCloseTo(-1, 12);
    expect(faceSimilarity([1, 1, 0], [1, 0, 0])).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it("ignores length: a scaled embedding is the same face", () => {
    const a = [0.3, -1.2, 4, 0.01];
    expect(faceSimilarity(a, a.map((x) => x * 37))).toBeCloseTo(1, 12);
    expect(faceSimilarity(a, [1, 2, 3, 4])).toBeCloseTo(faceSimilarity(a.map((x) => x / 5), [2, 4, 6, 8]), 12);
  });

  it("is 0 against an all-zero vector and refuses embeddings of different lengths", () => {
    expect(faceSimilarity([0, 0, 0], [1, 2, 3])).toBe(0);
    expect(() => faceSimilarity([1, 2], [1, 2, 3])).toThrow(/length/);
  });

  it("has a threshold between unrelated and identical faces", () => {
    expect(FACE_MATCH_THRESHOLD).toBeGreaterThan(0.5);
    expect(FACE_MATCH_THRESHOLD).toBeLessThan(0.9);
    expect(FACE_EMBEDDING_DIMENSIONS).toBe(1024);
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
