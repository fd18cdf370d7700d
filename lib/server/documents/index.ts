// The document engine's doors: the direct API (`/api/v1/verify/*`, lib/server/verify-documents) and
// the hosted flow call these, and nothing else of lib/server/documents (a lint rule keeps it so).
// Heavy work runs in the engine pool (lib/server/engines).
import { runEngineTask } from "../engines/engine-pool";
import type { SelfieInput, SupportingInput, SupportingResult } from "../engines/engine-tasks";
import type { SelfieJudgement } from "../liveness/judge-selfie";
import type { PhotoIdResult, ReadPhotoIdInput } from "./read-photo-id-here";

export type { PhotoIdResult, ReadPhotoIdInput } from "./read-photo-id-here";
export type { SelfieInput, SupportingInput, SupportingResult } from "../engines/engine-tasks";
export type { Retake } from "./retake";
export type { IdentityClaim, PhotoIdKind } from "./types";
export type { Validation, Validations } from "./validation";
export { checkDocumentUpload, sniffDocumentType, DOCUMENT_MAX_BYTES } from "./check-upload";
export { FACE_MATCH_PASS, FACE_MATCH_REVIEW, faceMatchBand } from "./face-match";
export { compareDescribedFaces, describeFacePhoto, type FacePhotoRole } from "./compare-face-photos";
export { closeEnginePool } from "../engines/engine-pool";

/**
 * Start-up check of the learned OCR (issue 29: a model that fails to load is a start-up error, not
 * a 500 per request): its models are loaded once in an OCR process of their own and let go again;
 * each pool thread starts its own OCR process when it first reads a document.
 */
export async function checkDocumentModels(): Promise<void> {
  const { startLearnedOcr, closeLearnedOcr } = await import("./ocr/learned-ocr"); // only at start-up: the OCR module starts a process
  try {
    await startLearnedOcr();
  } finally {
    await closeLearnedOcr();
  }
}

/** Reads a passport, ID card or UK driving licence; never throws for a bad image (it asks for a retake). */
export function readPhotoId(input: ReadPhotoIdInput): Promise<PhotoIdResult> {
  return runEngineTask({ op: "photo_id", input });
}

/** Reads an address document (bank statement, bill, council tax, payslip) from a photo or PDF. */
export function readSupportingDocument(input: SupportingInput): Promise<SupportingResult> {
  return runEngineTask({ op: "supporting_document", input });
}

/** Judges a video selfie's challenge (lib/server/liveness) in the same pool: ~3 s of one core. */
export function judgeSelfieOffThread(input: SelfieInput): Promise<SelfieJudgement> {
  return runEngineTask({ op: "selfie", input });
}
