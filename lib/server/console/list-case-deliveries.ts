import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { webhookAttempts, webhookMessages, type WebhookMessageStatus } from "@/lib/db/schema";
import type { Tenant } from "../shared/tenant";

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

/** The webhook messages of one case, oldest first, each with its attempts (newest first). */
export async function listCaseDeliveries(db: Db, tenant: Tenant, verificationId: string): Promise<CaseDelivery[]> {
  const messages = await db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.teamId, tenant.teamId), eq(webhookMessages.mode, tenant.mode), eq(webhookMessages.verificationId, verificationId)))
    .orderBy(asc(webhookMessages.seq))
    .limit(200);
  if (messages.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.teamId, tenant.teamId), inArray(webhookAttempts.messageId, messages.map((m) => m.id))))
    .orderBy(desc(webhookAttempts.attempt));
  return messages.map((m) => ({
    id: m.id,
    event: m.event,
    status: m.status,
    attemptCount: m.attemptCount,
    lastStatusCode: m.lastStatusCode,
    lastError: m.lastError,
    nextAttemptAt: m.status === "pending" || m.status === "retrying" ? m.nextAttemptAt.toISOString() : null,
    deliveredAt: m.deliveredAt?.toISOString() ?? null,
    replayCount: m.replayCount,
    createdAt: m.createdAt.toISOString(),
    attempts: attempts
      .filter((a) => a.messageId === m.id)
      .map((a) => ({ attempt: a.attempt, url: a.url, statusCode: a.statusCode, durationMs: a.durationMs, error: a.error, startedAt: a.startedAt.toISOString() })),
  }));
}
