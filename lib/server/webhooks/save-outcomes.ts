import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { webhookAttempts, type WebhookMessage } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import type { DeliveryAttempt } from "./deliver";

export type NextStep = { status: "delivered" } | { status: "failed" } | { status: "retrying"; delaySeconds: number };

/** One finished attempt and what happens to its message next. */
export interface DeliveryOutcome {
  message: Pick<WebhookMessage, "id" | "teamId" | "mode" | "attemptCount" | "verificationId">;
  url: string | null;
  startedAt: Date;
  attempt: Pick<DeliveryAttempt, "statusCode" | "responseBody" | "durationMs" | "error">;
  next: NextStep;
}

export interface SavedOutcome {
  id: string;
  status: NextStep["status"];
  verificationId: string | null;
  delaySeconds: number | null;
}

/**
 * Stores a batch of attempts and moves their messages on, in one transaction of two statements
 * whatever the batch size. A message whose lease was taken back meanwhile (its attempt number
 * moved on) keeps its new state; its attempt is still logged.
 */
export async function saveOutcomes(db: Db, outcomes: DeliveryOutcome[]): Promise<SavedOutcome[]> {
  if (outcomes.length === 0) return [];
  const updates = outcomes.map((o) => ({
    id: o.message.id,
    attempt: o.message.attemptCount,
    status: o.next.status,
    delay: o.next.status === "retrying" ? o.next.delaySeconds : null,
    status_code: o.attempt.statusCode,
    error: o.attempt.error,
  }));
  return db.transaction(async (tx) => {
    await tx
      .insert(webhookAttempts)
      .values(
        outcomes.map((o) => ({
          id: newId("wha"),
          messageId: o.message.id,
          teamId: o.message.teamId,
          mode: o.message.mode,
          attempt: o.message.attemptCount,
          url: o.url,
          statusCode: o.attempt.statusCode,
          responseBody: o.attempt.responseBody,
          durationMs: o.attempt.durationMs,
          error: o.attempt.error,
          startedAt: o.startedAt,
        })),
      )
      .onConflictDoNothing();
    const result = await tx.execute(sql`
      update webhook_messages m set
        status = v.status::webhook_message_status,
        locked_until = null,
        next_attempt_at = case when v.status = 'retrying' then now() + make_interval(secs => v.delay) else m.next_attempt_at end,
        enqueued_at = case when v.status = 'retrying' then now() + make_interval(secs => v.delay) else m.enqueued_at end,
        delivered_at = case when v.status = 'delivered' then now() else m.delivered_at end,
        last_status_code = v.status_code,
        last_error = v.error,
        updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
        as v(id text, attempt int, status text, delay float8, status_code int, error text)
      where m.id = v.id and m.status = 'delivering' and m.attempt_count = v.attempt
      returning m.id, m.status, m.verification_id, v.delay`);
    const rows = (result as unknown as { rows: { id: string; status: NextStep["status"]; verification_id: string | null; delay: number | null }[] }).rows;
    return rows.map((r) => ({ id: r.id, status: r.status, verificationId: r.verification_id, delaySeconds: r.delay === null ? null : Number(r.delay) }));
  });
}
