import type { Db } from "@/lib/db";
import type { VerificationStatus } from "@/lib/db/schema";
import { fail, type Result } from "../shared/result";
import type { Actor, Tenant } from "../shared/tenant";
import { applyTransition, type TransitionOutcome } from "./apply-transition";

export type ReviewDecision = "approve" | "reject";

/**
 * A reviewer's decision on a case that needs one: ManuallyReviewed (event ManuallyReviewed),
 * then Verified or Refused, each step through the state machine, with the reviewer's note.
 * `expectedStatus` is the status the reviewer saw, so a decision made on stale data is refused.
 */
export async function decideReview(
  db: Db,
  input: {
    tenant: Tenant;
    verificationId: string;
    decision: ReviewDecision;
    note: string;
    actor: Actor;
    expectedStatus: VerificationStatus;
  },
): Promise<Result<TransitionOutcome>> {
  const note = input.note.trim();
  if (!note) return fail("invalid", "A review needs a note", { detail: { note: "Say why you decided this way" } });
  if (note.length > 2000) return fail("invalid", "Note too long", { detail: { note: "At most 2000 characters" } });
  const base = { tenant: input.tenant, verificationId: input.verificationId, actor: input.actor, note };
  const started = await applyTransition(db, { ...base, action: "start_review", expectedStatus: input.expectedStatus });
  if (!started.ok) return started;
  return applyTransition(db, { ...base, action: input.decision, expectedStatus: "ManuallyReviewed" });
}
