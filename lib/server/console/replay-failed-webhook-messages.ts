import type { Db } from "@/lib/db";
import type { Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { replayFailedWebhooks } from "../webhooks/replay-webhooks";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** Sends again every failed message of the tenant created in [from, to) (owner or admin; audit-logged). */
export async function replayFailedWebhookMessages(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; from: Date; to: Date },
): Promise<Result<{ replayed: number }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_integrations" });
  if (!allowed.ok) return allowed;
  return replayFailedWebhooks(db, { tenant, actor: allowed.value.actor, from: input.from, to: input.to });
}
