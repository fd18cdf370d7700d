// The JSON a capture upload URL answers, and how the browser reads it (also when it is not JSON).

export interface RetakeAdvice {
  reason: string;
  message: string;
}

/** What the upload routes send back (hosted-core implements them; README documents the shape). */
export type UploadAnswer =
  | { ok: true; next?: string }
  | { ok: false; retake: RetakeAdvice; attemptsLeft?: number; next?: string }
  | { ok: false; error: string | { code: string; message?: string }; attemptsLeft?: number; next?: string };

export type UploadOutcome =
  | { kind: "next"; next: string | null }
  | { kind: "retake"; reason: string; message: string; attemptsLeft: number | null; next: string | null }
  | { kind: "error"; code: string; message: string | null; attemptsLeft: number | null; next: string | null };

/** Error codes the component translates (anything else shows the server's message or "server"). */
export const KNOWN_ERROR_CODES = [
  "network",
  "server",
  "file_too_large",
  "wrong_file_type",
  "expired",
  "locked_out",
  "already_completed",
  "rate_limited",
  "invalid",
  "not_found",
  "wrong_step",
] as const;

const STATUS_CODES: Record<number, string> = {
  400: "invalid",
  404: "not_found",
  409: "already_completed",
  410: "expired",
  413: "file_too_large",
  415: "wrong_file_type",
  423: "locked_out",
  429: "rate_limited",
};

function str(v: unknown): string | null {
  return typeof v === "string" && v ? v : null;
}

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null;
}

export function parseUploadAnswer(status: number, text: string): UploadOutcome {
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  const next = str(body?.next);
  const attemptsLeft = num(body?.attemptsLeft);
  if (body?.ok === true && status < 400) return { kind: "next", next };
  const retake = body?.retake as Record<string, unknown> | undefined;
  if (body?.ok === false && retake && typeof retake === "object" && str(retake.reason)) {
    return { kind: "retake", reason: str(retake.reason)!, message: str(retake.message) ?? "", attemptsLeft, next };
  }
  const error = body?.error;
  if (body?.ok === false && error) {
    if (typeof error === "string") return { kind: "error", code: error, message: null, attemptsLeft, next };
    if (typeof error === "object") {
      const e = error as Record<string, unknown>;
      return { kind: "error", code: str(e.code) ?? STATUS_CODES[status] ?? "server", message: str(e.message), attemptsLeft, next };
    }
  }
  return { kind: "error", code: STATUS_CODES[status] ?? "server", message: null, attemptsLeft, next };
}
