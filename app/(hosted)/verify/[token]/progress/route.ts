// GET /verify/:token/progress – where the phone is, for the desktop page that handed off
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db";
import { getHostedProgress } from "@/lib/server/hosted/get-hosted-progress";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const progress = await getHostedProgress(await getDb(), token);
  if (!progress) return NextResponse.json({ state: "expired" }, { status: 404, headers: { "cache-control": "no-store" } });
  return NextResponse.json(progress, { headers: { "cache-control": "no-store" } });
}
