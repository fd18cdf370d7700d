import { judgeSelfie, type SelfieFrame, type SelfieJudgement } from "../../liveness/judge-selfie";
import type { ChallengeStep } from "../../liveness/challenge";
import { readPhotoIdHere, type PhotoIdResult, type ReadPhotoIdInput } from "../read-photo-id-here";
import { readSupportingDocument } from "../supporting/read-supporting-document";
import type { SupportingInput, SupportingResult } from "../supporting/supporting-types";

/*
 * The work a document-reading thread does, by name. Buffers cross threads as plain Uint8Arrays
 * (structured clone), so both sides wrap them back into Buffers (`asBuffer`).
 */

export type { SupportingInput, SupportingResult } from "../supporting/supporting-types";

function readSupportingDocumentHere(input: SupportingInput): Promise<SupportingResult> {
  return readSupportingDocument(input);
}

export interface SelfieInput {
  challenge: ChallengeStep[];
  frames: SelfieFrame[];
  documentEmbedding?: number[] | null;
}

export type DocumentTask =
  | { op: "photo_id"; input: ReadPhotoIdInput }
  | { op: "supporting_document"; input: SupportingInput }
  | { op: "selfie"; input: SelfieInput };
export type DocumentTaskResult<T extends DocumentTask> = T extends { op: "photo_id" } ? PhotoIdResult : T extends { op: "selfie" } ? SelfieJudgement : SupportingResult;

export function asBuffer(bytes: Uint8Array): Buffer;
export function asBuffer(bytes: Uint8Array | null | undefined): Buffer | null;
export function asBuffer(bytes: Uint8Array | null | undefined): Buffer | null {
  if (!bytes) return null;
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export async function runTaskHere(task: DocumentTask): Promise<PhotoIdResult | SupportingResult | SelfieJudgement> {
  if (task.op === "selfie") {
    return judgeSelfie({ ...task.input, frames: task.input.frames.map((f) => ({ ...f, image: asBuffer(f.image) })) });
  }
  if (task.op === "photo_id") {
    const { input } = task;
    return readPhotoIdHere({ ...input, front: asBuffer(input.front), back: asBuffer(input.back), faceScan: asBuffer(input.faceScan), now: input.now && new Date(input.now) });
  }
  return readSupportingDocumentHere({ ...task.input, document: asBuffer(task.input.document), now: task.input.now && new Date(task.input.now) });
}
