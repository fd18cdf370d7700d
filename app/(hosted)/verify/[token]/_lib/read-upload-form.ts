import { captureError } from "@/lib/server/hosted/capture-error";
import { errorReply, type StepReply } from "@/lib/server/hosted/step-answer";

/**
 * The multipart body, refused unread when its declared length is over `maxBytes` (two 10 MB
 * documents, or a selfie's frames): the route never buffers more than the step can use.
 */
export async function readUploadForm(request: Request, maxBytes: number): Promise<{ ok: true; form: FormData } | { ok: false; reply: StepReply }> {
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length > maxBytes) return { ok: false, reply: errorReply(captureError("file_too_large", "The upload is too large").error) };
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return { ok: false, reply: errorReply(captureError("invalid", "Send the files as multipart/form-data").error) };
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, reply: errorReply(captureError("invalid", "The upload could not be read").error) };
  }
}

/** A file field's bytes (null when absent or empty). */
export async function fileBytes(form: FormData, name: string): Promise<Buffer | null> {
  const value = form.get(name);
  if (!value || typeof value === "string" || value.size === 0) return null;
  return Buffer.from(await value.arrayBuffer());
}
