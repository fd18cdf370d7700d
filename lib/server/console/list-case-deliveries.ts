import type { DeliveryView } from "@/lib/contract/console-views";
import type { Db } from "@/lib/db";
import type { Tenant } from "../shared/tenant";
import { listWebhookMessages } from "../webhooks/list-webhook-messages";
import { toDeliveryView } from "./webhook-delivery-view";

/** One webhook message of a case; the console's one delivery shape (lib/contract/console-views). */
export type CaseDelivery = DeliveryView;

/** The webhook messages of one case (the webhook engine's listing), oldest first, attempts newest first. */
export async function listCaseDeliveries(db: Db, tenant: Tenant, verificationId: string): Promise<CaseDelivery[]> {
  const listed = await listWebhookMessages(db, tenant, { verification_id: verificationId, limit: 100 });
  if (!listed.ok) return [];
  return listed.value.messages.reverse().map(toDeliveryView);
}
