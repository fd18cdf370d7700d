import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import type { WebhookMessage } from "@/lib/db/schema";
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
 * Stores a batch of attempts and moves their messages on: one statement (atomic on its own) with
 * one parameter, whatever the batch size, as the embedded database pays for every parameter and
 * round trip. A message whose lease was taken back meanwhile (its attempt number moved on) keeps
 * its new state; its attempt is still logged.
 */
export async function saveOutcomes(db: Db, outcomes: DeliveryOutcome[]): Promise<SavedOutcome[]> {
  if (outcomes.length === 0) return [];
  const rows = outcomes.map((o) => ({
    attempt_id: newId("wha"),
    id: o.message.id,
    team_id: o.message.teamId,
    mode: o.message.mode,
    attempt: o.message.attemptCount,
    url: o.url,
    status: o.next.status,
    delay: o.next.status === "retrying" ? o.next.delaySeconds : null,
    status_code: o.attempt.statusCode,
    response_body: o.attempt.responseBody,
    duration_ms: o.attempt.durationMs,
    error: o.attempt.error,
    started_at: o.startedAt.toISOString(),
  }));
  const result = await db.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        attempt_id text, id text, team_id text, mode mode, attempt int, url text, status text, delay float8,
        status_code int, response_body text, duration_ms int, error text, started_at timestamptz)
    ), logged as (
      insert into webhook_attempts (id, message_id, team_id, mode, attempt, url, status_code, response_body, duration_ms, error, started_at)
      select attempt_id, id, team_id, mode, attempt, url, status_code, response_body, duration_ms, error, started_at from v
      on conflict do nothing
    )
    update webhook_messages m set
      status = v.status::webhook_message_status,
      locked_until = null,
      next_attempt_at = case when v.status = 'retrying' then now() + make_interval(secs => v.delay) else m.next_attempt_at end,
      enqueued_at = case when v.status = 'retrying' then now() + make_interval(secs => v.delay) else m.enqueued_at end,
      delivered_at = case when v.status = 'delivered' then now() else m.delivered_at end,
      last_status_code = v.status_code,
      last_error = v.error,
      updated_at = now()
    from v
    where m.id = v.id and m.status = 'delivering' and m.attempt_count = v.attempt
    returning m.id, m.status, m.verification_id, v.delay`);
  const updated = (
    result as unknown as { rows: { id: string; status: NextStep["status"]; verification_id: string | null; delay: number | null }[] }
  ).rows;
  return updated.map((r) => ({
    id: r.id,
    status: r.status,
    verificationId: r.verification_id,
    delaySeconds: r.delay === null ? null : Number(r.delay),
  }));
}
