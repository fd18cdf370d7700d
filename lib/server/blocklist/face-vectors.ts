/** Cosine similarity of two equal-length vectors; 0 when either is all zeros. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

/** `v` scaled to length 1, or null for an empty, zero or non-finite vector. */
export function toUnitVector(v: readonly number[]): number[] | null {
  const norm = Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  if (!v.length || !(norm > 0) || !Number.isFinite(norm)) return null;
  return v.map((x) => x / norm);
}
