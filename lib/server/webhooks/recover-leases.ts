import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { webhookAttempts, webhookMessages } from "@/lib/db/schema";
import { newId } from "../shared/crypto";

export const INTERRUPTED = "Interrupted: the worker stopped before the attempt's result was recorded";

/**
 * Takes back messages whose lease ran out while `delivering`: their worker died (SIGKILL, crash,
 * lost database) between claiming and recording. The attempt is logged as interrupted and the
 * message is retried at once (or fails, if that was its last try). The receiver may have got it:
 * delivery is at least once, and receivers deduplicate by `webhook-id`.
 */
export async function recoverExpiredLeases(db: Db, maxTries: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookMessages)
      .set({
        status: sql`case when ${webhookMessages.tries} >= ${maxTries} then 'failed'::webhook_message_status else 'retrying'::webhook_message_status end`,
        lockedUntil: null,
        nextAttemptAt: sql`now()`,
        enqueuedAt: null,
        lastStatusCode: null,
        lastError: INTERRUPTED,
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookMessages.status, "delivering"), lt(webhookMessages.lockedUntil, sql`now()`)))
      .returning({
        id: webhookMessages.id,
        teamId: webhookMessages.teamId,
        mode: webhookMessages.mode,
        attempt: webhookMessages.attemptCount,
      });
    if (rows.length === 0) return 0;
    const now = new Date();
    await tx
      .insert(webhookAttempts)
      .values(
        rows.map((r) => ({
          id: newId("wha"),
          messageId: r.id,
          teamId: r.teamId,
          mode: r.mode,
          attempt: r.attempt,
          url: null,
          durationMs: 0,
          error: INTERRUPTED,
          startedAt: now,
        })),
      )
      .onConflictDoNothing();
    return rows.length;
  });
}
