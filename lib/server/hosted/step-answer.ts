import { CAPTURE_ERROR_STATUS, flowUrl, type CaptureError } from "./capture-error";
import type { AttemptSettled } from "./record-attempt";

/** The upload answer of components/hosted/README.md, with the HTTP status to send it with. */
export type StepAnswer =
  | { ok: true; next: string }
  | { ok: false; retake: { reason: string; message: string }; attemptsLeft: number; next?: string }
  | { ok: false; error: { code: string; message: string }; attemptsLeft?: number; next?: string };

export interface StepReply {
  status: number;
  answer: StepAnswer;
}

export function errorReply(error: CaptureError): StepReply {
  const answer: StepAnswer = { ok: false, error: { code: error.code, message: error.message } };
  if (error.next) answer.next = error.next;
  if (error.attemptsLeft !== undefined) answer.attemptsLeft = error.attemptsLeft;
  return { status: CAPTURE_ERROR_STATUS[error.code], answer };
}

/** After an engine judged the upload: go on, retake (with attempts left), or locked out. */
export function settledReply(token: string, settled: AttemptSettled, retake: { reason: string; message: string } | null): StepReply {
  const next = flowUrl(token);
  if (settled.lockedOut)
    return errorReply({ code: "locked_out", message: "Too many attempts: this verification is locked", next, attemptsLeft: 0 });
  if (!retake) return { status: 200, answer: { ok: true, next } };
  return { status: 422, answer: { ok: false, retake, attemptsLeft: settled.attemptsLeft } };
}
