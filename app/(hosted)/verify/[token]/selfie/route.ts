// POST /verify/:token/selfie – the video selfie step: the challenge's frames (components/hosted README: selfie upload body)
import { z } from "zod";
import { getDb } from "@/lib/db";
import { captureError } from "@/lib/server/hosted/capture-error";
import { readCaptureSignals } from "@/lib/server/hosted/capture-signals";
import { errorReply } from "@/lib/server/hosted/step-answer";
import { submitSelfie } from "@/lib/server/hosted/submit-selfie";
import { readUploadForm } from "../_lib/read-upload-form";
import { sendReply } from "../_lib/reply";
import { refuseIfTooManyUploads } from "../_lib/upload-limit";

export const dynamic = "force-dynamic";

const metaSchema = z.array(z.object({ t: z.number().finite().min(0), step: z.number().int().min(-1) })).max(100);

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const limited = await refuseIfTooManyUploads(request, token);
  if (limited) return limited;
  const read = await readUploadForm(request, 60 * 1024 * 1024);
  if (!read.ok) return sendReply(request, token, read.reply);
  const { form } = read;
  const files = form.getAll("frames").filter((f): f is File => typeof f !== "string");
  let meta: z.infer<typeof metaSchema>;
  try {
    meta = metaSchema.parse(JSON.parse(String(form.get("meta") ?? "")));
  } catch {
    return sendReply(request, token, errorReply(captureError("invalid", "The frames' timing is missing or malformed").error));
  }
  if (meta.length !== files.length)
    return sendReply(request, token, errorReply(captureError("invalid", "Each frame needs its timing").error));
  const frames = await Promise.all(
    files.map(async (file, i) => ({ t: meta[i]!.t, step: meta[i]!.step, image: Buffer.from(await file.arrayBuffer()) })),
  );
  // What the browser says about its camera: kept for staff, never a reason to refuse (capture-signals.ts).
  const captureSignals = readCaptureSignals(form.get("capture_signals"));
  return sendReply(
    request,
    token,
    await submitSelfie(await getDb(), { token, challengeId: String(form.get("challengeId") ?? ""), frames, captureSignals }),
  );
}
