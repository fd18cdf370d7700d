import { and, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { WebhookMessageView } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { webhookMessages } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTenant } from "../shared/tenant";
import { getWebhookMessage } from "./get-webhook-message";
import { notifyOutbox } from "./outbox";

// A replay queues the same message again: same id (`webhook-id`), same payload, a fresh round of
// the retry schedule; the attempt log keeps counting. Receivers that already have it deduplicate.
const requeue = {
  status: "pending" as const,
  tries: 0,
  nextAttemptAt: sql`now()`,
  enqueuedAt: null,
  lockedUntil: null,
  replayCount: sql`${webhookMessages.replayCount} + 1`,
  updatedAt: sql`now()`,
};

/** Sends one message again (any state but one being delivered at this moment). */
export async function replayWebhookMessage(
  db: Db,
  options: { tenant: Tenant; actor: Actor; id: string },
): Promise<Result<WebhookMessageView>> {
  const { tenant, id } = options;
  const mine = and(eq(webhookMessages.id, id), ofTenant(webhookMessages, tenant));
  const replayed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookMessages)
      .set(requeue)
      .where(and(mine, ne(webhookMessages.status, "delivering")))
      .returning({ id: webhookMessages.id });
    if (rows.length)
      await recordAudit(tx, { ...tenant, actor: options.actor, action: "webhook.replayed", targetType: "webhook_message", targetId: id });
    return rows.length > 0;
  });
  if (!replayed) {
    const existing = await getWebhookMessage(db, tenant, id);
    if (!existing.ok) return existing;
    return fail("conflict", `Webhook message ${id} is being delivered right now; replay it once this attempt ends`);
  }
  notifyOutbox();
  return getWebhookMessage(db, tenant, id);
}

/** Sends again every failed message of the tenant created in [from, to). */
export async function replayFailedWebhooks(
  db: Db,
  options: { tenant: Tenant; actor: Actor; from: Date; to: Date },
): Promise<Result<{ replayed: number }>> {
  const { tenant, from, to } = options;
  if (!(from < to)) return fail("invalid", "from must be before to", { detail: { to: "Must be after from" } });
  const replayed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookMessages)
      .set(requeue)
      .where(
        and(
          ofTenant(webhookMessages, tenant),
          eq(webhookMessages.status, "failed"),
          gte(webhookMessages.createdAt, from),
          lt(webhookMessages.createdAt, to),
        ),
      )
      .returning({ id: webhookMessages.id });
    await recordAudit(tx, {
      ...tenant,
      actor: options.actor,
      action: "webhook.replayed_range",
      targetType: "webhook_message",
      metadata: { from: from.toISOString(), to: to.toISOString(), replayed: rows.length },
    });
    return rows.length;
  });
  if (replayed > 0) notifyOutbox();
  return ok({ replayed });
}
