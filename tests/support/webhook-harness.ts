import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database, Db } from "@/lib/db";
import { webhookAttempts, webhookEndpoints, webhookMessages, type WebhookMessageStatus } from "@/lib/db/schema";
import { notifyOutbox, recordWebhookEvent, type WebhookEventName } from "@/lib/server/webhooks/outbox";
import { setWebhookEndpoint } from "@/lib/server/webhooks/set-webhook-endpoint";
import type { Tenant } from "@/lib/server/shared/tenant";
import { createTestDatabase } from "./db";
import type { WebhookSettings } from "@/lib/server/webhooks/webhook-settings";

/** Tiny delays so retries, leases and sweeps happen within a test's time. */
export const FAST_SETTINGS: WebhookSettings = {
  retryScheduleSeconds: [0, 0.05, 0.1, 0.2, 0.4, 0.8],
  timeoutMs: 2_000,
  leaseSeconds: 3,
  concurrency: 16,
  sweepSeconds: 0.2,
  allowLoopback: true,
  pollMs: 50,
};

export const SYSTEM = { type: "system" as const };

/** Points the tenant's endpoint at `url` and returns its signing secret (shown once). */
export async function configureEndpoint(db: Db, tenant: Tenant, url: string, events: string[] = []): Promise<string> {
  const result = await setWebhookEndpoint(db, { tenant, actor: SYSTEM, url, events, allowLoopback: true });
  if (!result.ok) throw new Error(result.error.message);
  return (
    result.value.secret ??
    (
      await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.teamId, tenant.teamId), eq(webhookEndpoints.mode, tenant.mode)))
    )[0]!.secret
  );
}

/** Records events, each in its own transaction as a state change would, then notifies. */
export async function recordEvents(
  db: Db,
  tenant: Tenant,
  events: { event?: WebhookEventName; verificationId?: string | null; n?: number }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, spec] of events.entries()) {
    const event = spec.event ?? "Verified";
    const id = await db.transaction((tx) =>
      recordWebhookEvent(tx, {
        tenant,
        event,
        verificationId: spec.verificationId ?? null,
        payload: { event, id: spec.verificationId ?? `case-${i}`, n: spec.n ?? i },
      }),
    );
    if (!id) throw new Error("the event was not recorded (no enabled endpoint?)");
    ids.push(id);
    notifyOutbox();
  }
  return ids;
}

export async function messageStatuses(db: Db, ids: string[]): Promise<Map<string, WebhookMessageStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: webhookMessages.id, status: webhookMessages.status })
    .from(webhookMessages)
    .where(inArray(webhookMessages.id, ids));
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Waits until every message has one of the statuses (delivered by default). */
export async function waitForStatus(
  db: Db,
  ids: string[],
  statuses: WebhookMessageStatus[] = ["delivered"],
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await messageStatuses(db, ids);
    const waiting = ids.filter((id) => !statuses.includes(now.get(id)!));
    if (waiting.length === 0) return;
    if (Date.now() > deadline) {
      const counts: Record<string, number> = {};
      for (const id of waiting) counts[now.get(id) ?? "missing"] = (counts[now.get(id) ?? "missing"] ?? 0) + 1;
      throw new Error(
        `${waiting.length} of ${ids.length} message(s) not ${statuses.join("/")} after ${timeoutMs} ms: ${JSON.stringify(counts)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function attemptsOf(db: Db, messageId: string) {
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.messageId, messageId)).orderBy(asc(webhookAttempts.attempt));
}

/** A fresh, migrated PostgreSQL database with its URL, for tests that start other processes on it. */
export async function createPostgresDatabase(): Promise<{ database: Database; url: string; dispose(): Promise<void> }> {
  const database = await createTestDatabase("postgres");
  return { database, url: database.url!, dispose: database.dispose };
}
