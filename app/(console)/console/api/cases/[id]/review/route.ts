// POST /console/api/cases/:id/review – approve or refuse a case as the signed-in member (JSON)
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { verificationStatusSchema } from "@/lib/contract";
import { getStaffContext } from "@/lib/auth/staff-context";
import { reviewCase } from "@/lib/server/console/review-case";

const bodySchema = z.object({
  decision: z.enum(["approve", "reject"]),
  note: z.string().max(2000),
  expected_status: verificationStatusSchema,
});
const STATUS = { forbidden: 403, not_found: 404, conflict: 409, invalid: 400, refused: 422 } as Record<string, number>;

export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const context = await getStaffContext();
  if (!context) return NextResponse.json({ error: "Sign in first" }, { status: 401 });
  // A cross-site form cannot send JSON without a preflight; refuse anything else.
  if (!request.headers.get("content-type")?.startsWith("application/json"))
    return NextResponse.json({ error: "Send JSON" }, { status: 415 });
  const body = bodySchema.safeParse(await request.json().catch(() => null));
  if (!body.success) return NextResponse.json({ error: "Invalid body", detail: z.flattenError(body.error).fieldErrors }, { status: 400 });
  const { id } = await params;
  const result = await reviewCase(context.db, context.tenant, {
    staff: context.staff,
    verificationId: id,
    decision: body.data.decision,
    note: body.data.note,
    expectedStatus: body.data.expected_status,
  });
  if (!result.ok)
    return NextResponse.json({ error: result.error.message, detail: result.error.detail }, { status: STATUS[result.error.kind] ?? 400 });
  return NextResponse.json({ id, status: result.value.record.status });
}
