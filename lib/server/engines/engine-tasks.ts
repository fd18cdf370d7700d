import { readPhotoIdHere, type PhotoIdResult, type ReadPhotoIdInput } from "../documents/read-photo-id-here";
import { readSupportingDocument } from "../documents/supporting/read-supporting-document";
import type { SupportingInput, SupportingResult } from "../documents/supporting/supporting-types";
import { embedFace, type FaceEmbeddingResult } from "../faces/embed-face";
import { judgeSelfie, type SelfieFrame, type SelfieJudgement } from "../liveness/judge-selfie";
import type { ChallengeStep } from "../liveness/challenge";
import { asBuffer } from "./engine-buffers";

/*
 * The work an engine thread does, by name: a photo ID or an address document read, a video
 * selfie judged, a face described (the risk engine's face_scan). Buffers cross threads as plain
 * Uint8Arrays (structured clone), so both sides wrap them back into Buffers (`asBuffer`).
 */

export type { SupportingInput, SupportingResult } from "../documents/supporting/supporting-types";

export interface SelfieInput {
  challenge: ChallengeStep[];
  frames: SelfieFrame[];
  documentEmbedding?: number[] | null;
}

export type EngineTask =
  | { op: "photo_id"; input: ReadPhotoIdInput }
  | { op: "supporting_document"; input: SupportingInput }
  | { op: "selfie"; input: SelfieInput }
  | { op: "face_embedding"; input: { image: Buffer } };
export type EngineTaskResult<T extends EngineTask> = T extends { op: "photo_id" }
  ? PhotoIdResult
  : T extends { op: "selfie" }
    ? SelfieJudgement
    : T extends { op: "face_embedding" }
      ? FaceEmbeddingResult
      : SupportingResult;

export async function runTaskHere(task: EngineTask): Promise<PhotoIdResult | SupportingResult | SelfieJudgement | FaceEmbeddingResult> {
  if (task.op === "face_embedding") return embedFace(asBuffer(task.input.image));
  if (task.op === "selfie") {
    return judgeSelfie({ ...task.input, frames: task.input.frames.map((f) => ({ ...f, image: asBuffer(f.image) })) });
  }
  if (task.op === "photo_id") {
    const { input } = task;
    return readPhotoIdHere({
      ...input,
      front: asBuffer(input.front),
      back: asBuffer(input.back),
      faceScan: asBuffer(input.faceScan),
      now: input.now && new Date(input.now),
    });
  }
  return readSupportingDocument({
    ...task.input,
    document: asBuffer(task.input.document),
    now: task.input.now && new Date(task.input.now),
  });
}
