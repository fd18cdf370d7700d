// POST /verify/:token/photo-id – the photo ID step: document type, front (and back) photo
import { getDb } from "@/lib/db";
import { submitPhotoId } from "@/lib/server/hosted/submit-photo-id";
import { fileBytes, readUploadForm } from "../_lib/read-upload-form";
import { sendReply } from "../_lib/reply";
import { refuseIfTooManyUploads } from "../_lib/upload-limit";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const limited = await refuseIfTooManyUploads(request, token);
  if (limited) return limited;
  const read = await readUploadForm(request, 21 * 1024 * 1024);
  if (!read.ok) return sendReply(request, token, read.reply);
  const { form } = read;
  const reply = await submitPhotoId(await getDb(), {
    token,
    kind: String(form.get("kind") ?? form.get("documentType") ?? ""),
    front: await fileBytes(form, "front"),
    back: await fileBytes(form, "back"),
  });
  return sendReply(request, token, reply);
}
