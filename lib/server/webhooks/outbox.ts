import { sql } from "drizzle-orm";
import type { WebhookEventName } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { Tenant } from "../shared/tenant";
import { newMessageId } from "./sign";
import { tellOwner } from "../shared/process-link";

// ARCHITECTURE (webhooks): an event is written to the outbox in the transaction of the change
// that caused it, so it exists exactly when the change does. Delivery happens after commit.

export type { WebhookEventName } from "@/lib/contract";
export { WEBHOOK_EVENTS } from "@/lib/contract";

/** A database or an open transaction (a Drizzle transaction is accepted). */
export type DbOrTx = Pick<Db, "execute">;

export interface RecordWebhookEventInput {
  tenant: Tenant;
  event: WebhookEventName;
  /** spec 6: `{event, ...verificationRecord}` or `{event: "Alert", alertId, smartLookupId}`. */
  payload: Record<string, unknown>;
  /** The case the event belongs to: its events are delivered in the order they were recorded. */
  verificationId?: string | null;
}

/**
 * Writes the event to the outbox inside the caller's transaction. Returns the message id (the
 * `webhook-id` of every delivery of it), or null when the tenant has no enabled endpoint that
 * accepts this event (nothing is stored then).
 */
export async function recordWebhookEvent(tx: DbOrTx, input: RecordWebhookEventInput): Promise<string | null> {
  const { tenant, event } = input;
  // One statement: the endpoint's check and the insert (the caller's transaction is often hot).
  // The payload goes in as JSON text to a json column, so its field order is kept (`event` first).
  const result = await tx.execute(sql`
    insert into webhook_messages (id, team_id, mode, event, payload, verification_id)
    select ${newMessageId()}, e.team_id, e.mode, ${event}, ${JSON.stringify(input.payload)}::json, ${input.verificationId ?? null}
    from webhook_endpoints e
    where e.team_id = ${tenant.teamId} and e.mode = ${tenant.mode} and e.url is not null and e.enabled
      and (cardinality(e.events) = 0 or ${event} = any(e.events))
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? null;
}

// Next bundles its own copy of this module beside the one the custom server loads (as with the
// database in lib/db): the dispatcher's wake-up hook lives on globalThis so both copies reach it.
const KEY = Symbol.for("idv.webhookOutboxListener");
type Holder = { [KEY]?: () => void };
const holder = globalThis as Holder;

/**
 * Tells the dispatcher that new messages were committed: this process's, or the API process's when
 * this is the pages' process of a two-process server. Best effort: without a dispatcher (CLI, a
 * stopped worker) the periodic sweep picks them up.
 */
export function notifyOutbox(): void {
  if (!tellOwner({ verity: "outbox" })) holder[KEY]?.();
}

/** Installs the dispatcher's wake-up hook (one per process); returns its removal. */
export function setOutboxListener(listener: () => void): () => void {
  holder[KEY] = listener;
  return () => {
    if (holder[KEY] === listener) delete holder[KEY];
  };
}
