import type { Db } from "@/lib/db";
import { toggleAlerts } from "../accounts/update-account";
import { fail, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { sandboxAccount } from "../sandbox/accounts";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** Ongoing monitoring (alerts) on or off for one account. */
export async function setAccountAlerts(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; accountId: string; enabled: boolean },
): Promise<Result<{ success: true }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_alerts" });
  if (!allowed.ok) return allowed;
  if (tenant.mode === "sandbox" && sandboxAccount(input.accountId))
    return fail("refused", "Canned sandbox accounts always answer the same; add a test account to try this");
  return toggleAlerts(db, tenant, { id: input.accountId, enabled: input.enabled, actor: allowed.value.actor });
}
