import type { Db } from "@/lib/db";
import type { Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { setWebhookEndpoint, type SetWebhookEndpointResult } from "../webhooks/set-webhook-endpoint";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** The tenant's webhook URL (SSRF-checked by the webhook engine); the first save reveals the secret once. */
export async function saveWebhookEndpoint(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; url: string; enabled: boolean; allowLoopback: boolean },
): Promise<Result<SetWebhookEndpointResult>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_integrations" });
  if (!allowed.ok) return allowed;
  return setWebhookEndpoint(db, {
    tenant,
    actor: allowed.value.actor,
    url: input.url.trim(),
    enabled: input.enabled,
    allowLoopback: input.allowLoopback,
  });
}
