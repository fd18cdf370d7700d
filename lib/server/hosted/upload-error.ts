import type { Failure } from "../shared/result";
import type { CaptureError } from "./capture-error";

/** A refused file (checkDocumentUpload's failure) as the upload answer's error: nothing was judged, no attempt counted. */
export function uploadError(failure: Failure): CaptureError {
  const code = failure.kind === "too_large" ? "file_too_large" : failure.kind === "unsupported_type" ? "wrong_file_type" : "invalid";
  return { code, message: failure.message };
}
