import type { VerificationRecord } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { sandboxVerification } from "../sandbox/verifications";
import { fail, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { switchWorkflow } from "../verifications/switch-workflow";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** A reviewer, admin or owner moves a case that is still in progress to another workflow. */
export async function switchCaseWorkflow(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; verificationId: string; workflowId: string; note: string },
): Promise<Result<VerificationRecord>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "review" });
  if (!allowed.ok) return allowed;
  if (tenant.mode === "sandbox" && sandboxVerification(input.verificationId)) return fail("refused", "Canned sandbox cases cannot change");
  if (input.note.length > 2000) return fail("invalid", "Note too long", { detail: { note: "At most 2000 characters" } });
  return switchWorkflow(db, {
    tenant,
    verificationId: input.verificationId,
    workflowId: input.workflowId,
    actor: allowed.value.actor,
    note: input.note,
  });
}
