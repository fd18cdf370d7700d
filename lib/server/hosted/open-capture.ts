import type { Db } from "@/lib/db";
import { captureError, flowUrl, type CaptureResult } from "./capture-error";
import type { CaptureStep } from "./hosted-steps";
import { loadHostedFlow, type HostedFlow } from "./load-hosted-flow";

/** An upload for `step` may go to the engines only if the flow is on that step now. */
export async function openCapture(db: Db, token: string, step: CaptureStep, now = new Date()): Promise<CaptureResult<HostedFlow>> {
  const flow = await loadHostedFlow(db, token, now);
  if (!flow) return captureError("not_found", "No such verification");
  const next = flowUrl(token);
  const screen = flow.screen;
  if (screen.kind === "result") {
    if (screen.result === "expired") return captureError("expired", "This link has expired", { next });
    if (screen.result === "locked_out")
      return captureError("locked_out", "Too many attempts: this verification is locked", { next, attemptsLeft: 0 });
    return captureError("already_completed", "This verification has already been completed", { next });
  }
  if (screen.kind !== "step" || screen.step !== step) return captureError("wrong_step", "This step is not the one to do now", { next });
  return { ok: true, value: flow };
}
