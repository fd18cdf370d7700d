import type { Db } from "@/lib/db";
import { loadHostedFlow } from "./load-hosted-flow";

/** What the desktop page shows while the phone works (components/hosted HandoffPanel's status). */
export interface HostedProgress {
  state: "waiting" | "opened" | "in_progress" | "done" | "expired";
  step?: string | null;
  stepIndex?: number | null;
  stepCount?: number | null;
}

export async function getHostedProgress(db: Db, token: string, now = new Date()): Promise<HostedProgress | null> {
  const flow = await loadHostedFlow(db, token, now);
  if (!flow) return null;
  const screen = flow.screen;
  if (screen.kind === "result") return { state: screen.result === "expired" ? "expired" : "done" };
  const stepCount = flow.steps.length;
  if (screen.kind === "step" || screen.kind === "unsupported") {
    const stepIndex = flow.steps.indexOf(screen.step) + 1;
    const started = stepIndex > 1 || (flow.attempts[screen.step]?.total ?? 0) > 0;
    if (started || flow.session.handoffOpenedAt)
      return { state: started ? "in_progress" : "opened", step: screen.step, stepIndex, stepCount };
  }
  return { state: flow.session.handoffOpenedAt ? "opened" : "waiting", step: null, stepIndex: null, stepCount };
}
