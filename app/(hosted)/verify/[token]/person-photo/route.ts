// GET /verify/:token/person-photo – the selfie of the person a referee is asked to recognise (referee's link only)
import { getDb } from "@/lib/db";
import { getPersonPhoto } from "@/lib/server/vouch/get-person-photo";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const photo = await getPersonPhoto(await getDb(), token);
  if (!photo) return new Response("Not found", { status: 404, headers: { "cache-control": "no-store" } });
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "content-type": photo.mimeType,
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'",
      "x-content-type-options": "nosniff",
    },
  });
}
