import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import type { JobQueue } from "../jobs/job-queue";
import { waitsForEarlier } from "./case-order";
import { WEBHOOK_DELIVERY_JOB } from "./webhook-settings";

export interface RelayOptions {
  /** Most messages sent per round. */
  limit?: number;
  /**
   * Also send again a message sent this long ago and still not taken (its job was lost). The
   * sweep sets it; the relay after a commit looks only for unsent messages (a small index).
   */
  staleSeconds?: number;
}

/**
 * Sends a queue job for every outbox message that is due and has no live job: new messages
 * (committed, never sent), messages whose job was lost (a process died between marking and
 * sending, or while holding the job), and messages released by their case. A message still
 * waiting for an earlier one of its case is left alone until that one finishes.
 *
 * Marking comes first, sending second: if the process dies in between, the mark goes stale and
 * a later sweep sends it; a job sent twice is harmless (the claim lets one attempt through).
 */
export async function relayOutboxOnce(db: Db, queue: JobQueue, options: RelayOptions): Promise<number> {
  const limit = options.limit ?? 500;
  const result = await db.execute(sql`
    update webhook_messages set enqueued_at = now()
    where id in (
      select c.id from webhook_messages c
      where c.status in ('pending', 'retrying')
        and c.next_attempt_at <= now()
        and ${options.staleSeconds === undefined ? sql`c.enqueued_at is null` : sql`(c.enqueued_at is null or c.enqueued_at < now() - make_interval(secs => ${options.staleSeconds}))`}
        and (c.locked_until is null or c.locked_until < now())
        and not ${waitsForEarlier("c")}
      order by c.next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  await queue.send(
    WEBHOOK_DELIVERY_JOB,
    ids.map((messageId) => ({ payload: { messageId } })),
  );
  return ids.length;
}

/** Relays until nothing due is left unsent. */
export async function relayOutbox(db: Db, queue: JobQueue, options: RelayOptions): Promise<number> {
  const limit = options.limit ?? 500;
  let total = 0;
  for (;;) {
    const sent = await relayOutboxOnce(db, queue, { ...options, limit });
    total += sent;
    if (sent < limit) return total;
  }
}
