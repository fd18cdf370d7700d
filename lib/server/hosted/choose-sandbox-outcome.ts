import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { verifications } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { applyTransition } from "../verifications/apply-transition";
import type { TransitionAction } from "../verifications/transitions";

// A sandbox-created case's hosted page lets the tester pick the outcome (wire-details:
// "Create verification", decision); it moves through the real state machine and sends the
// real webhooks, so an integration can be tested end to end without capturing anything.
export const SANDBOX_OUTCOMES = {
  verified: { label: "Verified", actions: ["complete", "pass"] },
  needs_review: { label: "Needs review (Refused)", actions: ["complete", "flag"] },
  locked_out: { label: "Locked out", actions: ["lock_out"] },
} as const satisfies Record<string, { label: string; actions: TransitionAction[] }>;
export type SandboxOutcome = keyof typeof SANDBOX_OUTCOMES;

export async function chooseSandboxOutcome(
  db: Db,
  input: { token: string; outcome: string },
): Promise<Result<{ redirectUrl: string | null; verificationId: string }>> {
  if (!Object.hasOwn(SANDBOX_OUTCOMES, input.outcome))
    return fail("invalid", "Unknown outcome", { detail: { outcome: `One of ${Object.keys(SANDBOX_OUTCOMES).join(", ")}` } });
  const [row] = await db.select().from(verifications).where(eq(verifications.hostedToken, input.token)).limit(1);
  // Live cases never take a chosen outcome: only the sandbox has this page.
  if (!row || row.mode !== "sandbox") return fail("not_found", "No such sandbox verification");
  if (row.status !== "InProgress" || row.expiresAt <= new Date()) return fail("conflict", "This verification is no longer in progress");
  const tenant = { teamId: row.teamId, mode: row.mode };
  for (const action of SANDBOX_OUTCOMES[input.outcome as SandboxOutcome].actions) {
    const step = await applyTransition(db, {
      tenant,
      verificationId: row.id,
      action,
      actor: { type: "system", id: "sandbox-hosted-page" },
    });
    if (!step.ok) return step;
  }
  return ok({ redirectUrl: row.redirectUrl, verificationId: row.id });
}
