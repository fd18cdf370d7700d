import { and, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { webhookMessages, type WebhookMessage } from "@/lib/db/schema";
import { waitsForEarlier } from "./case-order";

/** One JSON parameter rather than one per id: the embedded database pays for each parameter. */
// `= any(array(…))` keeps the primary key's index in use however large the backlog of due messages.
const idIn = (ids: string[]) => sql`${webhookMessages.id} = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`;

/** What makes a message deliverable now: due, not leased by a live worker, not waiting for its case. */
const claimable = () =>
  and(
    inArray(webhookMessages.status, ["pending", "retrying"]),
    lte(webhookMessages.nextAttemptAt, sql`now()`),
    or(isNull(webhookMessages.lockedUntil), lt(webhookMessages.lockedUntil, sql`now()`)),
    sql`not ${waitsForEarlier("webhook_messages")}`,
  );

/**
 * Takes a lease on the messages that are deliverable now, counting the attempt. One guarded
 * UPDATE: when two workers race for a message on PostgreSQL, the second re-checks the row after
 * the first commits, finds it leased, and gets nothing, so an attempt is never made twice at once.
 */
export async function claimMessages(db: Db, ids: string[], leaseSeconds: number): Promise<WebhookMessage[]> {
  if (ids.length === 0) return [];
  return db
    .update(webhookMessages)
    .set({
      status: "delivering",
      attemptCount: sql`${webhookMessages.attemptCount} + 1`,
      tries: sql`${webhookMessages.tries} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(and(idIn(ids), claimable()))
    .returning();
}

/**
 * A job whose message could not be claimed although it is due and free was held back by an
 * earlier message of its case: mark it unsent, so the relay sends it again once the case moves
 * on (it skips messages that still wait). Returns how many were marked.
 */
export async function releaseWaiting(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(webhookMessages)
    .set({ enqueuedAt: null })
    .where(
      and(
        idIn(ids),
        inArray(webhookMessages.status, ["pending", "retrying"]),
        lte(webhookMessages.nextAttemptAt, sql`now()`),
        or(isNull(webhookMessages.lockedUntil), lt(webhookMessages.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ id: webhookMessages.id });
  return rows.length;
}
