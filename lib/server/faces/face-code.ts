import { FACE_EMBEDDING_DIMENSIONS } from "./compare-faces";

/*
 * A face embedding's sign-bit code, for face search where pgvector is absent (issue 14): the
 * embedding turned by fixed random rotations (random signs, then the Walsh–Hadamard transform:
 * O(n log n), the same for every process and release) and one bit per turned coordinate. After a
 * random rotation the share of bits two codes differ in estimates the angle between the embeddings
 * (angle / π: SimHash), whatever the embeddings' own layout. PostgreSQL compares codes with
 * `bit_count(a # b)` over every row cheaply; the few nearest are then ranked exactly.
 * An embedding shorter than the code (the ResNet-34's 128 numbers) is turned by
 * FACE_CODE_BITS / length independent rotations, one block of bits each: more bits, a finer
 * estimate of the angle, and the column keeps its size whatever the descriptor.
 */

export const FACE_CODE_BITS = 1024;

/** The rotations' random signs: a fixed xorshift sequence (changing it invalidates stored codes). */
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
  const n = embedding.length;
  if (n !== FACE_EMBEDDING_DIMENSIONS || n > FACE_CODE_BITS || FACE_CODE_BITS % n !== 0 || (n & (n - 1)) !== 0) {
    throw new Error(`a face code needs ${FACE_EMBEDDING_DIMENSIONS} numbers (got ${n})`);
  }
  let bits = "";
  for (let block = 0; block < FACE_CODE_BITS; block += n) {
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) v[i] = embedding[i]! * SIGNS[block + i]!;
    // In-place fast Walsh–Hadamard transform.
    for (let h = 1; h < n; h *= 2) {
      for (let i = 0; i < n; i += 2 * h) {
        for (let j = i; j < i + h; j++) {
          const a = v[j]!;
          const b = v[j + h]!;
          v[j] = a + b;
          v[j + h] = a - b;
        }
      }
    }
    for (let i = 0; i < n; i++) bits += v[i]! >= 0 ? "1" : "0";
  }
  return bits;
}

/** Bits in which two codes differ (what `bit_count(a # b)` counts in PostgreSQL). */
export function codeDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) d++;
  return d;
}
