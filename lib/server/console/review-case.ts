import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { verificationEvents, type VerificationStatus } from "@/lib/db/schema";
import { sandboxVerification } from "../sandbox/verifications";
import { fail, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import type { TransitionOutcome } from "../verifications/apply-transition";
import { decideReview, type ReviewDecision } from "../verifications/decide-review";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/**
 * A case needs a person when its checks are in (ReadyForReview) or flagged (Refused) and nobody
 * has reviewed it yet: a Refused that a reviewer decided is final.
 */
export async function needsReview(db: Db, tenant: Tenant, id: string, status: VerificationStatus): Promise<boolean> {
  if (status === "ReadyForReview") return true;
  if (status !== "Refused") return false;
  const [reviewed] = await db
    .select({ id: verificationEvents.id })
    .from(verificationEvents)
    .where(
      and(
        eq(verificationEvents.verificationId, id),
        ofTenant(verificationEvents, tenant),
        eq(verificationEvents.event, "ManuallyReviewed"),
      ),
    )
    .limit(1);
  return !reviewed;
}

/**
 * A staff member's decision on a case: the member must hold a reviewing role in the team (read
 * from the database, whatever the page showed), and the case must be a stored one of the tenant.
 */
export async function reviewCase(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; verificationId: string; decision: ReviewDecision; note: string; expectedStatus: VerificationStatus },
): Promise<Result<TransitionOutcome>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "review" });
  if (!allowed.ok) return allowed;
  if (tenant.mode === "sandbox" && sandboxVerification(input.verificationId)) {
    return fail("refused", "Canned sandbox cases (111–999) always answer the same; create a sandbox case through the API to try a review");
  }
  if (!(await needsReview(db, tenant, input.verificationId, input.expectedStatus))) {
    return fail("conflict", "This case does not need a review (it was reviewed already or is not waiting for one)");
  }
  return decideReview(db, {
    tenant,
    verificationId: input.verificationId,
    decision: input.decision,
    note: input.note,
    actor: allowed.value.actor,
    expectedStatus: input.expectedStatus,
  });
}
