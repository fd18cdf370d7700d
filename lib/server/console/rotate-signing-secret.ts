import type { Db } from "@/lib/db";
import type { Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { rotateWebhookSecret } from "../webhooks/rotate-webhook-secret";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** A new webhook signing secret for the tenant, shown once; the old one stays valid for 24 h. */
export async function rotateSigningSecret(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef },
): Promise<Result<{ secret: string; previous_secret_expires_at: string }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_integrations" });
  if (!allowed.ok) return allowed;
  return rotateWebhookSecret(db, { tenant, actor: allowed.value.actor });
}
