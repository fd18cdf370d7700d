/**
 * Why an upload was refused, as the browser components read it (components/hosted/README.md: the
 * upload answer); the route turns `code` into the HTTP status below.
 */
export type CaptureErrorCode =
  | "not_found"
  | "expired"
  | "locked_out"
  | "already_completed"
  | "wrong_step"
  | "rate_limited"
  | "invalid"
  | "file_too_large"
  | "wrong_file_type"
  | "server";

export interface CaptureError {
  code: CaptureErrorCode;
  message: string;
  /** Where the person should be now (the flow's page), for final errors and wrong steps. */
  next?: string;
  attemptsLeft?: number;
}

export const CAPTURE_ERROR_STATUS: Record<CaptureErrorCode, number> = {
  not_found: 404,
  expired: 410,
  locked_out: 423,
  already_completed: 409,
  wrong_step: 409,
  rate_limited: 429,
  invalid: 400,
  file_too_large: 413,
  wrong_file_type: 415,
  server: 500,
};

export type CaptureResult<T> = { ok: true; value: T } | { ok: false; error: CaptureError };

export const captureError = (
  code: CaptureErrorCode,
  message: string,
  extra: Omit<CaptureError, "code" | "message"> = {},
): { ok: false; error: CaptureError } => ({
  ok: false,
  error: { code, message, ...extra },
});

/** The hosted page of a token: where every answer sends the person next. */
export const flowUrl = (token: string) => `/verify/${token}`;
