import type { Db } from "@/lib/db";
import type { VerificationStatus } from "@/lib/db/schema";
import { sandboxVerification } from "../sandbox/verifications";
import { fail, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { applyTransition, type TransitionOutcome } from "../verifications/apply-transition";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** Sends a finished or stuck case back to the start (evidence kept), through the state machine. */
export async function restartCase(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; verificationId: string; note: string; expectedStatus: VerificationStatus },
): Promise<Result<TransitionOutcome>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "review" });
  if (!allowed.ok) return allowed;
  if (tenant.mode === "sandbox" && sandboxVerification(input.verificationId)) return fail("refused", "Canned sandbox cases cannot change");
  const note = input.note.trim();
  if (note.length > 2000) return fail("invalid", "Note too long", { detail: { note: "At most 2000 characters" } });
  return applyTransition(db, {
    tenant,
    verificationId: input.verificationId,
    action: "restart",
    actor: allowed.value.actor,
    note: note || null,
    expectedStatus: input.expectedStatus,
  });
}
