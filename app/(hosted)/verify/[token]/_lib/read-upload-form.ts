import { captureError } from "@/lib/server/hosted/capture-error";
import { errorReply, type StepReply } from "@/lib/server/hosted/step-answer";
import { TooLarge } from "@/lib/server/http/parse-multipart";
import { readWebMultipart } from "@/lib/server/http/read-web-multipart";

/**
 * The multipart body, read by the API's own parser (lib/server/http/parse-multipart.ts) so an
 * upload gets the same answer here as on the API: refused unread when its declared length is over
 * `maxBytes` (two 10 MB documents, or a selfie's frames) and counted as it streams, so the route
 * never buffers more than the step can use.
 */
export async function readUploadForm(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; form: FormData } | { ok: false; reply: StepReply }> {
  const tooLarge = { ok: false as const, reply: errorReply(captureError("file_too_large", "The upload is too large").error) };
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length > maxBytes) return tooLarge;
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
    return { ok: false, reply: errorReply(captureError("invalid", "Send the files as multipart/form-data").error) };
  try {
    return { ok: true, form: await readWebMultipart(request, maxBytes) };
  } catch (error) {
    if (error instanceof TooLarge) return tooLarge;
    return { ok: false, reply: errorReply(captureError("invalid", "The upload could not be read").error) };
  }
}

/** A file field's bytes (null when absent or empty). */
export async function fileBytes(form: FormData, name: string): Promise<Buffer | null> {
  const value = form.get(name);
  if (!value || typeof value === "string" || value.size === 0) return null;
  return Buffer.from(await value.arrayBuffer());
}
