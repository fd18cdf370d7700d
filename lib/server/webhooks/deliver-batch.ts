import type { Db } from "@/lib/db";
import { claimMessages, releaseWaiting } from "./claim-messages";
import { deliverMessage } from "./deliver-message";
import type { DeliveryPool } from "./delivery-pool";
import { loadEndpoints, tenantKey } from "./load-endpoints";
import type { OutcomeWriter } from "./outcome-writer";
import type { WebhookSettings } from "./webhook-settings";

export interface DeliverBatchDeps {
  db: Db;
  settings: WebhookSettings;
  pool: DeliveryPool;
  writer: OutcomeWriter;
  /** Some jobs' messages were marked unsent (their case was busy): let the relay look again. */
  onReleased(): void;
}

/**
 * The delivery job's handler: claims the batch's messages that are deliverable now and starts
 * their deliveries in the pool (the fetch loop asked for no more than the pool has room for).
 * Resolves once they are claimed; the outcomes are written as they finish. A job whose message
 * is already delivered, leased by another worker or not yet due does nothing: jobs may repeat.
 */
export function deliverBatch(deps: DeliverBatchDeps) {
  return async (payloads: { messageId: string }[]): Promise<void> => {
    const { db, settings } = deps;
    const ids = [...new Set(payloads.map((p) => p.messageId))];
    const claimed = await claimMessages(db, ids, settings.leaseSeconds);
    if (claimed.length < ids.length) {
      const taken = new Set(claimed.map((m) => m.id));
      if (
        (await releaseWaiting(
          db,
          ids.filter((id) => !taken.has(id)),
        )) > 0
      )
        deps.onReleased();
    }
    if (claimed.length === 0) return;
    const endpoints = await loadEndpoints(db, claimed);
    for (const message of claimed) {
      deps.pool.run(async () => deps.writer.add(await deliverMessage(message, endpoints.get(tenantKey(message)), settings)));
    }
  };
}
