import type { Db } from "@/lib/db";
import { acknowledgeAccount } from "../accounts/update-account";
import { fail, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { sandboxAccount } from "../sandbox/accounts";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** Marks every open alert of the account as seen by this member (New → Acknowledged). */
export async function acknowledgeAlerts(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; accountId: string },
): Promise<Result<{ success: true }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_alerts" });
  if (!allowed.ok) return allowed;
  if (tenant.mode === "sandbox" && sandboxAccount(input.accountId))
    return fail("refused", "Canned sandbox accounts always answer the same; add a test account to try this");
  return acknowledgeAccount(db, tenant, { id: input.accountId, actor: allowed.value.actor });
}
