// POST /verify/:token/address – the address step: one or two documents (photo or PDF)
import { getDb } from "@/lib/db";
import { submitAddressEvidence } from "@/lib/server/hosted/submit-address-evidence";
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
  const documents = (await Promise.all(["document1", "document2"].map((name) => fileBytes(read.form, name)))).filter(
    (d): d is Buffer => !!d,
  );
  return sendReply(request, token, await submitAddressEvidence(await getDb(), { token, documents }));
}
