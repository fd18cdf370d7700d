import type { WebhookMessageView } from "@/lib/contract";
import type { DeliveryView } from "@/lib/contract/console-views";

/** The webhook engine's message as the console shows it: attempts newest first, the alert id pulled out. */
export function toDeliveryView(m: WebhookMessageView): DeliveryView {
  const alertId = m.event === "Alert" && typeof m.payload.alertId === "string" ? m.payload.alertId : null;
  return {
    id: m.id,
    event: m.event,
    status: m.status,
    verificationId: m.verification_id,
    alertId,
    attemptCount: m.attempt_count,
    lastStatusCode: m.last_status_code,
    lastError: m.last_error,
    nextAttemptAt: m.next_attempt_at,
    deliveredAt: m.delivered_at,
    replayCount: m.replay_count,
    createdAt: m.created_at,
    attempts: [...m.attempts]
      .sort((a, b) => b.attempt - a.attempt)
      .map((a) => ({
        attempt: a.attempt,
        url: a.url,
        statusCode: a.status_code,
        durationMs: a.duration_ms,
        error: a.error,
        startedAt: a.started_at,
      })),
  };
}
