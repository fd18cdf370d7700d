import type { WebhookMessageView } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { replayWebhookMessage } from "../webhooks/replay-webhooks";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** Queues one webhook message again (same webhook-id) through the webhook engine. */
export async function replayCaseDelivery(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; messageId: string },
): Promise<Result<WebhookMessageView>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_integrations" });
  if (!allowed.ok) return allowed;
  return replayWebhookMessage(db, { tenant, actor: allowed.value.actor, id: input.messageId });
}
