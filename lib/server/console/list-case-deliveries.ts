import type { Db } from "@/lib/db";
import type { WebhookMessageStatus } from "@/lib/db/schema";
import type { Tenant } from "../shared/tenant";
import { listWebhookMessages } from "../webhooks/list-webhook-messages";

export interface DeliveryAttemptRow {
  attempt: number;
  url: string | null;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  startedAt: string;
}

export interface CaseDelivery {
  id: string;
  event: string;
  status: WebhookMessageStatus;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  replayCount: number;
  createdAt: string;
  attempts: DeliveryAttemptRow[];
}

/** The webhook messages of one case (the webhook engine's listing), oldest first, attempts newest first. */
export async function listCaseDeliveries(db: Db, tenant: Tenant, verificationId: string): Promise<CaseDelivery[]> {
  const listed = await listWebhookMessages(db, tenant, { verification_id: verificationId, limit: 100 });
  if (!listed.ok) return [];
  return listed.value.messages.reverse().map((m) => ({
    id: m.id,
    event: m.event,
    status: m.status,
    attemptCount: m.attempt_count,
    lastStatusCode: m.last_status_code,
    lastError: m.last_error,
    nextAttemptAt: m.next_attempt_at,
    deliveredAt: m.delivered_at,
    replayCount: m.replay_count,
    createdAt: m.created_at,
    attempts: [...m.attempts]
      .sort((a, b) => b.attempt - a.attempt)
      .map((a) => ({ attempt: a.attempt, url: a.url, statusCode: a.status_code, durationMs: a.duration_ms, error: a.error, startedAt: a.started_at })),
  }));
}
