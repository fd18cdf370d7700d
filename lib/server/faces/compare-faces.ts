import { FACE_DESCRIPTOR_LENGTH } from "./describe-face";

/** The descriptor's length (describe-face.ts: face-api's ResNet-34); network_faces.embedding_vec is vector(128). */
export const FACE_EMBEDDING_DIMENSIONS = FACE_DESCRIPTOR_LENGTH;

/*
 * The face score: how alike two faces are, 0–1, higher = more alike. Embeddings are stored and
 * compared at unit length, so the distance between two is d = ‖a − b‖ = √(2 − 2·cos), 0 (the same
 * direction) to 2; the score is
 *
 *     score = 1 / (1 + (d / FACE_SCORE_HALF_DISTANCE)⁴)
 *
 * 1 for the same picture, 0.5 at d = 0.4, falling fastest around there, where real pairs are
 * decided (same person 0.16–0.40, different people 0.42–0.72 on the deepface pairs), and towards 0
 * beyond. It is monotonic in the distance (and so in the cosine), so every threshold below is one
 * distance; scoreFromCosine / cosineFromScore convert for searches that rank by cosine.
 */
export const FACE_SCORE_HALF_DISTANCE = 0.4;

/**
 * Score at or above which the network links two faces as the same person: face search, the risk
 * engine's face↔identity signal (face_linked_to_multiple_identities), the blocklist's faces.
 * Placed on the same population as the selfie's bands (documents/face-match.ts;
 * `npm run bench:faces:population` with EXTRA_FACES, both photos described as selfies; FACE_MODEL
 * faceapi-resnet34-dlibchip68-reframed): impostor pairs 0 of 14,055 at or above it (highest 0.625,
 * 99.9th percentile 0.525; in greyscale 0 of 13,877, highest 0.604), so a false link's rate is below
 * 2.1e-4 with 95 % confidence; genuine pairs linked 145 of 161. A search meets every stored face, so
 * a false link grows with the network's size: it is set above the pass band of a one-to-one check
 * (0.565, FMR ≤ 1e-3), where no impostor pair of the population reaches. Re-measured for
 * faceapi-resnet34-dlibchip68-reframed-meshbox on the project's photos (no EXTRA_FACES): impostors
 * 0 of 5,311 at or above it (highest 0.628), genuine linked 53 of 57 (54 before).
 */
export const FACE_MATCH_THRESHOLD = 0.65;

/** The face score of two embeddings (0–1; 1 = the same face). 0 if either is all zeros. */
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
  return normA > 0 && normB > 0 ? scoreFromCosine(dot / Math.sqrt(normA * normB)) : 0;
}

/** The face score of two unit embeddings whose cosine (dot product) is `cosine`. */
export function scoreFromCosine(cosine: number): number {
  const squaredDistance = Math.max(0, 2 - 2 * Math.min(1, cosine));
  const ratio = squaredDistance / (FACE_SCORE_HALF_DISTANCE * FACE_SCORE_HALF_DISTANCE);
  return 1 / (1 + ratio * ratio);
}

/** The cosine at which two unit embeddings reach `score` (the inverse of scoreFromCosine); −1 for a score ≤ 0. */
export function cosineFromScore(score: number): number {
  if (!(score > 0)) return -1;
  if (score >= 1) return 1;
  const squaredDistance = FACE_SCORE_HALF_DISTANCE * FACE_SCORE_HALF_DISTANCE * Math.sqrt((1 - score) / score);
  return Math.max(-1, 1 - squaredDistance / 2);
}

/** `v` scaled to length 1, or null for a zero or non-finite vector. */
export function unitVector(v: ArrayLike<number>): number[] | null {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (!(norm > 0) || !Number.isFinite(norm)) return null;
  return Array.from(v, (x) => x / norm);
}
