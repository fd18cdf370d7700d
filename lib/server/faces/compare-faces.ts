/** faceres's descriptor length; network_faces.embedding_vec is vector(1024). */
export const FACE_EMBEDDING_DIMENSIONS = 1024;

/**
 * Cosine similarity at or above which two face embeddings are taken as the same person.
 * Measured (tests/bench/faces.ts) on the 22 people of @vladmandic/face-api's sample photos: altered
 * copies of one picture (flipped, cropped, brighter/darker, re-encoded, tilted, half size) scored
 * ≥ 0.72 against it, different people ≤ 0.64 (median 0.42, 231 pairs); 0.68 sits in that gap.
 * Unvalidated beyond that: two *separate* photos of one person usually score lower than altered
 * copies (no such pairs ship in any package here), and a network of many faces meets more
 * different-people pairs near the top of their range.
 */
export const FACE_MATCH_THRESHOLD = 0.68;

/** Cosine similarity of two embeddings (−1…1; 1 = same direction). 0 if either is all zeros. */
export function faceSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`embeddings differ in length (${a.length} vs ${b.length})`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

/** `v` scaled to length 1, or null for a zero or non-finite vector. */
export function unitVector(v: ArrayLike<number>): number[] | null {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (!(norm > 0) || !Number.isFinite(norm)) return null;
  return Array.from(v, (x) => x / norm);
}
