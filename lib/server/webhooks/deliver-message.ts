import type { WebhookMessage } from "@/lib/db/schema";
import { deliverWebhook, type DeliveryAttempt } from "./deliver";
import type { EndpointTarget } from "./load-endpoints";
import { nextRetryDelay, parseRetryAfter } from "./retry-schedule";
import type { DeliveryOutcome, NextStep } from "./save-outcomes";
import type { WebhookSettings } from "./webhook-settings";

const notSent = (error: string): DeliveryAttempt => ({
  statusCode: null,
  responseBody: null,
  durationMs: 0,
  error,
  ok: false,
  retryAfter: null,
});

/**
 * One attempt of a claimed message to the endpoint as configured now (URL, secrets), and its
 * next step. Never throws (deliverWebhook does not). The SSRF guard runs again here: an
 * endpoint that now resolves to a private address is refused at delivery, not only when set.
 */
export async function deliverMessage(
  message: WebhookMessage,
  endpoint: EndpointTarget | undefined,
  settings: WebhookSettings,
): Promise<DeliveryOutcome> {
  const startedAt = new Date();
  let attempt: DeliveryAttempt;
  if (!endpoint?.url) attempt = notSent("No webhook URL is set for this team and mode; nothing was sent");
  else if (!endpoint.enabled) attempt = notSent("The webhook endpoint is disabled; nothing was sent");
  else {
    attempt = await deliverWebhook({
      url: endpoint.url,
      body: JSON.stringify(message.payload),
      messageId: message.id,
      secrets: endpoint.secrets,
      allowLoopback: settings.allowLoopback,
      timeoutMs: settings.timeoutMs,
      resolve: settings.resolve,
    });
  }
  return { message, url: endpoint?.url ?? null, startedAt, attempt, next: nextStep(message, attempt, settings) };
}

function nextStep(message: WebhookMessage, attempt: DeliveryAttempt, settings: WebhookSettings): NextStep {
  if (attempt.ok) return { status: "delivered" };
  const delaySeconds = nextRetryDelay({
    tries: message.tries,
    scheduleSeconds: settings.retryScheduleSeconds,
    retryAfterSeconds: parseRetryAfter(attempt.retryAfter),
  });
  return delaySeconds === null ? { status: "failed" } : { status: "retrying", delaySeconds };
}
