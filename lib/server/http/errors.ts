import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiErrorBody } from "@/lib/contract";
import type { Failure, FailureKind, Result } from "../shared/result";

const STATUS: Record<FailureKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  refused: 422,
  rate_limited: 429,
  not_implemented: 501,
  unavailable: 503,
};

export function errorBody(status: number, message: string, extra: Partial<ApiErrorBody> = {}): ApiErrorBody {
  return { status_code: status, message, ...extra };
}

/** A domain failure as the one wire error shape (wire-details: errors). */
export function failureResponse(c: Context, failure: Failure) {
  const status = STATUS[failure.kind];
  if (failure.retryAfterSeconds !== undefined) c.header("Retry-After", String(failure.retryAfterSeconds));
  return c.json(
    errorBody(status, failure.message, {
      ...(failure.detail && { error_detail: failure.detail }),
      ...(failure.code && { error_code: failure.code }),
      ...(failure.retryAfterSeconds !== undefined && { retry_after_seconds: failure.retryAfterSeconds }),
    }),
    status,
  );
}

/** zod issues keyed by field path: `{"address.postcode": "Required"}`. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const detail: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) detail[[...issue.path, key].join(".")] = "Unknown field";
      continue;
    }
    const key = issue.path.length ? issue.path.join(".") : "body";
    detail[key] ??= issue.message === "Invalid input: expected string, received undefined" ? "Required" : issue.message;
  }
  return detail;
}

/** Carries a domain failure from a handler to the app's error handler. */
export class FailureError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = "FailureError";
  }
}

/** The success value, or the failure thrown to be answered in the error shape. */
export function orFail<T>(result: Result<T>): T {
  if (!result.ok) throw new FailureError(result.error);
  return result.value;
}

/**
 * The strings of a validated input that the database cannot store, keyed by field path: U+0000
 * (PostgreSQL text refuses it) and lone UTF-16 surrogates (JSON allows `"\ud800"`, but jsonb
 * refuses it and PGlite cannot encode some as text). Before this check such a value reached the
 * database and came back as a 500; it is invalid input, for every route and every part of a
 * request (path, query, JSON body, form fields).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function unstorableText(value: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  collectUnstorable(value, "", found);
  return found;
}

/** Walks `value` (plain objects and arrays), noting each unstorable string under its dotted path. */
function collectUnstorable(value: unknown, path: string, found: Record<string, string>): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) found[path || "body"] = "Must not contain the NUL character (U+0000)";
    else if (LONE_SURROGATE.test(value)) found[path || "body"] = "Must be valid Unicode (a lone surrogate such as \\ud800 is not)";
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) collectUnstorable(value[i], path ? `${path}.${i}` : String(i), found);
  } else if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const key of Object.keys(value)) collectUnstorable((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, found);
  }
}
