// GET /console/api/cases – the signed-in member's case list (the cases page polls it)
import { NextResponse, type NextRequest } from "next/server";
import { getStaffContext } from "@/lib/auth/staff-context";
import { parseCaseFilter, searchCases } from "@/lib/server/console/search-cases";

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest) {
  const context = await getStaffContext();
  if (!context) return NextResponse.json({ error: "Sign in first" }, { status: 401 });
  const params = request.nextUrl.searchParams;
  const result = await searchCases(context.db, context.tenant, {
    ...parseCaseFilter(params.get("status")),
    q: params.get("q") ?? undefined,
    cursor: params.get("cursor") ?? undefined,
  });
  if (!result.ok) return NextResponse.json({ error: result.error.message }, { status: 400 });
  return NextResponse.json(result.value, { headers: { "cache-control": "no-store" } });
}
