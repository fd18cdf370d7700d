import type { DeliveryReport } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import type { Actor, Tenant } from "../shared/tenant";
import { deliverWebhook, type DeliveryAttempt } from "./deliver";
import { getSigningSecrets } from "./get-signing-secrets";
import { newMessageId } from "./sign";
import { checkWebhookUrl, type Resolver } from "./ssrf-guard";

/** wire-details (errors): a sandbox-only trigger with a live token is a 403. */
export function requireSandbox(tenant: Tenant): Result<void> {
  if (tenant.mode !== "sandbox") return fail("forbidden", "Webhook triggers are available in sandbox mode only", { code: "sandbox_only" });
  return ok(undefined);
}

export interface SendSandboxWebhookOptions {
  tenant: Tenant;
  actor: Actor;
  event: string;
  webhookUrl: string;
  payload: Record<string, unknown>;
  target: { type: string; id: string };
  allowLoopback: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}

/**
 * spec 4.7/4.8: delivers one signed webhook now and reports how it went (2.11). A URL the SSRF
 * guard refuses is a 400 and nothing is sent; a delivery that fails is still a report (200).
 */
export async function sendSandboxWebhook(db: Db, options: SendSandboxWebhookOptions): Promise<Result<DeliveryReport>> {
  const { tenant, webhookUrl } = options;
  const guard = await checkWebhookUrl(webhookUrl, { allowLoopback: options.allowLoopback, resolve: options.resolve });
  if (!guard.ok) return fail("invalid", guard.error.message, { detail: { webhook_url: guard.error.message } });

  const messageId = newMessageId(); // a trigger is a new message each call, never a retry
  const attempt = await deliverWebhook({
    url: webhookUrl,
    body: JSON.stringify(options.payload),
    messageId,
    secrets: await getSigningSecrets(db, tenant),
    allowLoopback: options.allowLoopback,
    resolve: options.resolve,
    timeoutMs: options.timeoutMs,
  });
  await recordAudit(db, {
    ...tenant,
    actor: options.actor,
    action: "webhook.triggered",
    targetType: options.target.type,
    targetId: options.target.id,
    // Only the host: a receiver URL may carry a token in its path or query.
    metadata: { event: options.event, webhook_host: guard.value.url.host, message_id: messageId, ...attemptSummary(attempt) },
  });
  return ok({
    event: options.event,
    webhook_url: webhookUrl,
    payload: options.payload,
    response: attempt.statusCode === null ? null : { status_code: attempt.statusCode, body: attempt.responseBody ?? "" },
    error: attempt.error,
  });
}

function attemptSummary(attempt: DeliveryAttempt) {
  return { status_code: attempt.statusCode, ok: attempt.ok, error: attempt.error, duration_ms: attempt.durationMs };
}
