// GET /verify/:token/progress – where the phone is, for the desktop page that handed off. "waiting"
// until a phone has opened a handoff link of this case; then the phone's step counted as the
// phone's own page counts it (step-position.ts). Always a 200 (the desktop polls it; an ended or
// unknown case is {state: "expired"}), so the browser logs nothing on a normal path.
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db";
import { getHostedProgress } from "@/lib/server/hosted/get-hosted-progress";
import { loadHostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { currentStepIndex, progressSteps } from "../_lib/step-position";

export const dynamic = "force-dynamic";

const reply = (body: object) => NextResponse.json(body, { headers: { "cache-control": "no-store" } });

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const progress = await getHostedProgress(db, token);
  const flow = progress ? await loadHostedFlow(db, token) : null;
  if (!progress || !flow) return reply({ state: "expired" });
  if (progress.state === "done" || progress.state === "expired") return reply({ state: progress.state });
  if (!flow.session.handoffOpenedAt) return reply({ state: "waiting", step: null, stepIndex: null, stepCount: null });
  const steps = progressSteps(flow);
  const index = currentStepIndex(flow);
  // Opened on the phone: it is on the step this case is on, counted as the phone's page counts it.
  return reply({ state: "in_progress", step: steps[index] ?? null, stepIndex: index + 1, stepCount: steps.length });
}
