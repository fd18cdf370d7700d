import type { ErrorCode } from "@/lib/contract/error-codes";

// Expected failures are values inside the domain (CONVENTIONS: validation and errors); the HTTP
// edge turns them into the wire error shape, a server action into field errors.

export type FailureKind =
  | "invalid" // 400
  | "unauthenticated" // 401
  | "forbidden" // 403
  | "not_found" // 404
  | "conflict" // 409
  | "too_large" // 413
  | "unsupported_type" // 415
  | "refused" // 422
  | "rate_limited" // 429
  | "not_implemented" // 501
  | "unavailable"; // 503

export interface Failure {
  kind: FailureKind;
  message: string;
  /** Field path → message, for validation failures. */
  detail?: Record<string, string>;
  /** The wire's `error_code`: one of the closed, documented set (lib/contract/error-codes.ts). */
  code?: ErrorCode;
  retryAfterSeconds?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: Failure };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (kind: FailureKind, message: string, extra: Omit<Failure, "kind" | "message"> = {}): { ok: false; error: Failure } => ({
  ok: false,
  error: { kind, message, ...extra },
});
