// GET /console/evidence/:id – one evidence image of the signed-in member's team and mode
import { getStaffContext } from "@/lib/auth/staff-context";
import { authorizeStaff } from "@/lib/server/console/authorize-staff";
import { getEvidenceFile } from "@/lib/server/evidence/get-evidence-file";
import { evidenceResponseType } from "@/lib/server/evidence/serve-evidence";

export const dynamic = "force-dynamic";

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });
}

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const context = await getStaffContext();
  if (!context)
    return new Response("Sign in first", {
      status: 401,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  // Membership read fresh; anything the member may not see is simply not there (404, not 403).
  const allowed = await authorizeStaff(context.db, { staff: context.staff, teamId: context.tenant.teamId, permission: "view" });
  if (!allowed.ok) return notFound();
  const { id } = await params;
  const found = await getEvidenceFile(context.db, context.tenant, id);
  if (!found.ok) return notFound();
  const file = found.value;
  const etag = `"${file.sha256}"`;
  // Personal data: only this member's browser may keep it, and it asks again each time (a member
  // removed from the team loses access at once); an unchanged image is a 304.
  const caching = { "cache-control": "private, no-cache", etag, "x-content-type-options": "nosniff" };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: caching });
  const { contentType, extension } = evidenceResponseType(file.mimeType);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": contentType,
      "content-length": String(file.bytes.length),
      ...caching,
      "content-security-policy": "default-src 'none'",
      "content-disposition": `inline; filename="${file.id}.${extension}"`,
    },
  });
}
