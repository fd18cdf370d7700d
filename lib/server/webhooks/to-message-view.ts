import type { WebhookEventName, WebhookMessageView } from "@/lib/contract";
import type { WebhookAttempt, WebhookMessage } from "@/lib/db/schema";

export function toMessageView(row: WebhookMessage, attempts: WebhookAttempt[]): WebhookMessageView {
  const waiting = row.status === "pending" || row.status === "retrying";
  return {
    id: row.id,
    event: row.event as WebhookEventName,
    status: row.status,
    verification_id: row.verificationId,
    payload: row.payload,
    attempt_count: row.attemptCount,
    next_attempt_at: waiting ? row.nextAttemptAt.toISOString() : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    replay_count: row.replayCount,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    attempts: attempts
      .filter((a) => a.messageId === row.id)
      .sort((a, b) => a.attempt - b.attempt)
      .map((a) => ({
        attempt: a.attempt,
        url: a.url,
        status_code: a.statusCode,
        response_body: a.responseBody,
        duration_ms: a.durationMs,
        error: a.error,
        started_at: a.startedAt.toISOString(),
      })),
  };
}
