// GET /api/onboarding/verification/:applicantId – the return page's polling: the verification's status, read through the client
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db";
import { readVerification } from "@/lib/onboarding/read-verification";
import { getServiceClient } from "@/lib/onboarding/service";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ applicantId: string }> }) {
  const { applicantId } = await params;
  const result = await readVerification({ db: await getDb(), client: getServiceClient() }, applicantId);
  const headers = { "cache-control": "no-store" };
  if (result.ok) {
    const { status, expired, settled } = result.view;
    return NextResponse.json({ status, expired, settled }, { headers });
  }
  return NextResponse.json({ error: result.reason }, { status: result.reason === "not_found" ? 404 : 502, headers });
}
