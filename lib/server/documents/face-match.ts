import { faceSimilarity } from "../faces/compare-faces";
import { failed, pass, type Validation } from "./validation";

/*
 * A selfie against the document's portrait (issue 12's starting bands): ≥ 0.72 the same person,
 * 0.60–0.72 a person should look (MEDIUM_ID_FACE_MATCH), below 0.60 another person
 * (LOW_ID_FACE_MATCH). A live selfie scores lower against a printed portrait than two copies of
 * one photo (documents-lab.md), so these bands are wider than the network's 0.68 threshold.
 */
export const FACE_MATCH_PASS = 0.72;
export const FACE_MATCH_REVIEW = 0.6;

export type FaceMatchBand = "pass" | "review" | "fail";

export function faceMatchBand(score: number): FaceMatchBand {
  return score >= FACE_MATCH_PASS ? "pass" : score >= FACE_MATCH_REVIEW ? "review" : "fail";
}

/** The `face_match` validation for two embeddings. */
export function faceMatchValidation(documentEmbedding: number[], selfieEmbedding: number[]): Validation {
  const score = faceSimilarity(documentEmbedding, selfieEmbedding);
  const band = faceMatchBand(score);
  if (band === "pass") return pass(score);
  return failed([band === "review" ? "MEDIUM_ID_FACE_MATCH" : "LOW_ID_FACE_MATCH"], { score });
}
