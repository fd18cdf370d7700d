import type { DeliveryView, WebhookMessageStatusName } from "@/lib/contract/console-views";
import type { Db } from "@/lib/db";
import type { Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { listWebhookMessages } from "../webhooks/list-webhook-messages";
import { toDeliveryView } from "./webhook-delivery-view";

export interface WebhookDeliveryPage {
  items: DeliveryView[];
  nextCursor: string | null;
}

/**
 * The tenant's webhook messages, newest first, optionally of one status, by the webhook engine's
 * keyset cursor (a tampered cursor is an "invalid" failure, not an error).
 */
export async function listWebhookDeliveries(
  db: Db,
  tenant: Tenant,
  query: { status?: WebhookMessageStatusName; cursor?: string; limit?: number } = {},
): Promise<Result<WebhookDeliveryPage>> {
  const limit = Math.min(Math.max(query.limit ?? 25, 1), 100);
  const listed = await listWebhookMessages(db, tenant, { status: query.status, cursor: query.cursor || undefined, limit });
  if (!listed.ok) return listed;
  return { ok: true, value: { items: listed.value.messages.map(toDeliveryView), nextCursor: listed.value.next_cursor } };
}
