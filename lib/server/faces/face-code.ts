import { FACE_EMBEDDING_DIMENSIONS } from "./compare-faces";

/*
 * A face embedding's sign-bit code, for face search where pgvector is absent (issue 14): the
 * embedding turned by a fixed random rotation (random signs, then the Walsh–Hadamard transform:
 * O(n log n), the same for every process and release) and one bit per turned coordinate. After a
 * random rotation the share of bits two codes differ in estimates the angle between the embeddings
 * (angle / π: SimHash), whatever the embeddings' own layout (faceres coordinates are mostly
 * positive, so their raw signs would say little). PostgreSQL compares codes with
 * `bit_count(a # b)` over every row cheaply; the few nearest are then ranked exactly.
 */

export const FACE_CODE_BITS = FACE_EMBEDDING_DIMENSIONS; // 1024, a power of two

/** The rotation's random signs: a fixed xorshift sequence (changing it invalidates stored codes). */
const SIGNS: Int8Array = (() => {
  const signs = new Int8Array(FACE_CODE_BITS);
  let state = 0x9e3779b9;
  for (let i = 0; i < FACE_CODE_BITS; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    signs[i] = state & 1 ? 1 : -1;
  }
  return signs;
})();

/** The code as PostgreSQL's bit-string literal text: FACE_CODE_BITS characters of 0 and 1. */
export function faceCode(embedding: ArrayLike<number>): string {
  if (embedding.length !== FACE_CODE_BITS) throw new Error(`a face code needs ${FACE_CODE_BITS} numbers (got ${embedding.length})`);
  const v = new Float64Array(FACE_CODE_BITS);
  for (let i = 0; i < FACE_CODE_BITS; i++) v[i] = embedding[i]! * SIGNS[i]!;
  // In-place fast Walsh–Hadamard transform.
  for (let h = 1; h < FACE_CODE_BITS; h *= 2) {
    for (let i = 0; i < FACE_CODE_BITS; i += 2 * h) {
      for (let j = i; j < i + h; j++) {
        const a = v[j]!;
        const b = v[j + h]!;
        v[j] = a + b;
        v[j + h] = a - b;
      }
    }
  }
  let bits = "";
  for (let i = 0; i < FACE_CODE_BITS; i++) bits += v[i]! >= 0 ? "1" : "0";
  return bits;
}

/** Bits in which two codes differ (what `bit_count(a # b)` counts in PostgreSQL). */
export function codeDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) d++;
  return d;
}
