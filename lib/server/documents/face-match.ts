import { faceSimilarity } from "../faces/compare-faces";
import { failed, pass, type Validation } from "./validation";

/*
 * A selfie against the document's portrait, on the face score of faces/compare-faces.ts (0–1,
 * higher = more alike; ResNet-34 descriptor): ≥ FACE_MATCH_PASS the same person,
 * FACE_MATCH_REVIEW up to it a person should look (MEDIUM_ID_FACE_MATCH), below another person
 * (LOW_ID_FACE_MATCH).
 *
 * Derived from real photographs, `npm run bench:faces:real` over
 * ../shared/real-data/faces-deepface/pairs.csv (38 same-person and 262 different-person pairs of
 * public figures; the first picture described as the document's face, the second as the selfie):
 * same person lowest 0.510 (one woman photographed ~20 years apart), then 0.719, 0.747, median
 * 0.861; different people highest 0.472, then 0.441, 0.439, median 0.202. Checked against the 22
 * people of face-api's demo photos (party photos: heavy make-up, tilted heads, one light): their
 * 231 different-person pairs reach higher, 0.720, 0.687, 0.685, 0.679, 0.673 … (7 at ≥ 0.65,
 * 12 at ≥ 0.60, 51 at ≥ 0.45; tests/unit/faces/embed-face.test.ts), so the pass band starts as
 * high as the deepface same-person pairs allow.
 */

/**
 * 0.68 (unit distance 0.332): deepface same person 37/38 pass (97.4 %), different people 0/262
 * pass; face-api's demo people 2/231 pass (0.720, 0.687). Lower, 0.60 (the middle of the deepface
 * gap) let 12 of the demo pairs pass.
 */
export const FACE_MATCH_PASS = 0.68;
/**
 * 0.50 (distance 0.400): deepface different people 0/262 in review (highest 0.472), the one
 * same-person pair below the pass band (0.510, the 20-year gap) in review: 0/38 same-person
 * pairs fail. A re-rendered generated selfie against another generated person's photo scored
 * 0.46 (tests/unit/liveness/face-match.test.ts): it must fail, not wait for review.
 */
export const FACE_MATCH_REVIEW = 0.5;

export type FaceMatchBand = "pass" | "review" | "fail";

export function faceMatchBand(score: number): FaceMatchBand {
  return score >= FACE_MATCH_PASS ? "pass" : score >= FACE_MATCH_REVIEW ? "review" : "fail";
}

/** The `face_match` validation for two embeddings (score: the face score, 0–1). */
export function faceMatchValidation(documentEmbedding: number[], selfieEmbedding: number[]): Validation {
  const score = faceSimilarity(documentEmbedding, selfieEmbedding);
  const band = faceMatchBand(score);
  if (band === "pass") return pass(score);
  return failed([band === "review" ? "MEDIUM_ID_FACE_MATCH" : "LOW_ID_FACE_MATCH"], { score });
}
