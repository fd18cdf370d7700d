import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedAttempts, hostedSessions } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import { applyTransition } from "../verifications/apply-transition";
import { caseSettled } from "./case-settled";
import { kickHostedChecks } from "./hosted-check-runner";
import type { CaptureStep } from "./hosted-steps";
import type { HostedFlow } from "./load-hosted-flow";

export interface AttemptInput {
  /** A capture step, or a vouching step settled by its referee (issue 13). */
  step: CaptureStep | "vouch" | "professional_vouch" | "referee_confirm";
  outcome: "accepted" | "retake" | "failed";
  reason?: string | null;
  evidenceIds: string[];
  result: Record<string, unknown>;
  durationMs?: number;
  now?: Date;
}

export interface AttemptSettled {
  attemptId: string;
  attemptsLeft: number;
  lockedOut: boolean;
  /** Every step is done: the case went to ReadyForReview and the checks are queued. */
  completed: boolean;
}

const HOSTED_ACTOR = { type: "system" as const, id: "hosted-flow" };

/**
 * Stores one engine judgement of a step and moves the flow on: an accepted attempt marks the step
 * done (the last one completes the case: UserCompleted, checks queued); a failed one counts, and
 * the last allowed failure locks the case out through the state machine.
 */
export async function recordAttempt(db: Db, flow: HostedFlow, input: AttemptInput): Promise<AttemptSettled> {
  const now = input.now ?? new Date();
  const attemptId = newId("hat");
  await db.transaction(async (tx) => {
    await tx.insert(hostedAttempts).values({
      id: attemptId,
      teamId: flow.tenant.teamId,
      mode: flow.tenant.mode,
      verificationId: flow.verificationId,
      step: input.step,
      outcome: input.outcome,
      counted: 1,
      reason: input.reason ?? null,
      evidenceIds: input.evidenceIds,
      result: input.result,
      durationMs: input.durationMs ?? null,
      createdAt: now,
    });
    if (input.outcome === "accepted") {
      await tx
        .update(hostedSessions)
        .set({ accepted: sql`${hostedSessions.accepted} || ${JSON.stringify({ [input.step]: attemptId })}::jsonb`, updatedAt: now })
        .where(eq(hostedSessions.verificationId, flow.verificationId));
    }
  });
  const failedBefore = flow.attempts[input.step]?.failed ?? 0;
  const failed = failedBefore + (input.outcome === "accepted" ? 0 : 1);
  const attemptsLeft = Math.max(0, flow.maxAttempts - failed);
  const settled: AttemptSettled = { attemptId, attemptsLeft, lockedOut: false, completed: false };
  if (input.outcome !== "accepted" && attemptsLeft === 0) {
    const locked = await applyTransition(db, {
      tenant: flow.tenant,
      verificationId: flow.verificationId,
      action: "lock_out",
      actor: HOSTED_ACTOR,
      note: `${flow.maxAttempts} failed attempts at ${input.step}${input.reason ? ` (last: ${input.reason})` : ""}`,
      expectedStatus: "InProgress",
      now,
    });
    settled.lockedOut = locked.ok;
    // The workflow learns of the lock-out (a referee's: the person they vouch for waits for another, spec 999).
    if (locked.ok) await caseSettled(db, { workflowId: flow.workflowId, verificationId: flow.verificationId, now });
    return settled;
  }
  if (input.outcome === "accepted") {
    const accepted = { ...flow.session.accepted, [input.step]: attemptId };
    if (flow.steps.every((step) => accepted[step])) settled.completed = await completeHostedCase(db, flow, now);
  }
  return settled;
}

/** The last step is in: UserCompleted, and the check job is queued with the status change. */
export async function completeHostedCase(db: Db, flow: HostedFlow, now = new Date()): Promise<boolean> {
  const done = await applyTransition(db, {
    tenant: flow.tenant,
    verificationId: flow.verificationId,
    action: "complete",
    actor: HOSTED_ACTOR,
    expectedStatus: "InProgress",
    now,
    alongside: async (tx) => {
      await tx
        .update(hostedSessions)
        .set({ submittedAt: now, updatedAt: now })
        .where(eq(hostedSessions.verificationId, flow.verificationId));
    },
  });
  if (done.ok) kickHostedChecks(db);
  return done.ok;
}
