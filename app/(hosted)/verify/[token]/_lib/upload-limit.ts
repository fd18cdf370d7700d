import { NextResponse } from "next/server";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { captureError } from "@/lib/server/hosted/capture-error";
import { errorReply } from "@/lib/server/hosted/step-answer";
import { takeUploadSlot } from "@/lib/server/security/take-upload-slot";
import { sendReply } from "./reply";

/**
 * Issue 15: a link's uploads are limited (RATE_LIMIT_UPLOADS) before the body is read. Over the
 * limit: 429 with Retry-After, and for the capture components the upload answer with
 * `retry_after_seconds`; a plain form goes back to the page with `?error=rate_limited`.
 */
export async function refuseIfTooManyUploads(request: Request, token: string): Promise<Response | null> {
  const slot = await takeUploadSlot(await getDb(), { token, limit: getConfig().rateLimits.uploads });
  if (slot.allowed) return null;
  const wait = slot.retryAfterSeconds;
  const message = `Too many uploads from this link: try again in ${wait < 120 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`}`;
  const headers = { "retry-after": String(wait), "cache-control": "no-store" };
  if ((request.headers.get("accept") ?? "").includes("application/json")) {
    return NextResponse.json({ ok: false, error: { code: "rate_limited", message }, retry_after_seconds: wait }, { status: 429, headers });
  }
  const response = sendReply(request, token, errorReply(captureError("rate_limited", message).error));
  response.headers.set("retry-after", String(wait));
  return response;
}
