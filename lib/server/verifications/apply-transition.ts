import { and, eq } from "drizzle-orm";
import type { VerificationRecord } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { verificationEvents, verifications, type Verification, type VerificationStatus } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { newId } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTeam, ofTenant } from "../shared/tenant";
import { notifyOutbox, recordWebhookEvent } from "../webhooks/outbox";
import { toVerificationRecord } from "./to-record";
import { FINAL_STATUSES, findTransition, type TransitionAction } from "./transitions";

export interface ApplyTransitionOptions {
  tenant: Tenant;
  verificationId: string;
  action: TransitionAction;
  actor: Actor;
  note?: string | null;
  /** Refuse unless the case is in this status (guards against a decision made on stale data). */
  expectedStatus?: VerificationStatus;
  now?: Date;
  /**
   * Runs in the transition's transaction, after the lock and before the status is written, for
   * what must change with it (the checks a decision rests on, the hosted session's stamps): the
   * webhook's record then carries them. A failure aborts the transition.
   */
  alongside?: (tx: Db, row: Verification) => Promise<Result<unknown> | void>;
}

export interface TransitionOutcome {
  record: VerificationRecord;
  from: VerificationStatus;
  webhookMessageId: string | null;
}

/**
 * The one guarded write of a case's status: checks the transition table against the current
 * state (locked), writes the new status, the timeline entry, the audit entry and the webhook
 * outbox row in one transaction. No other code sets `status`.
 */
export async function applyTransition(db: Db, options: ApplyTransitionOptions): Promise<Result<TransitionOutcome>> {
  const { tenant, action, actor } = options;
  const now = options.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verifications)
      .where(and(eq(verifications.id, options.verificationId), ofTenant(verifications, tenant)))
      .for("update")
      .limit(1);
    if (!row) return fail("not_found", `Verification ${options.verificationId} not found`);
    if (options.expectedStatus && row.status !== options.expectedStatus) {
      return fail("conflict", `The case is ${row.status} now, not ${options.expectedStatus}; reload and decide again`);
    }
    const transition = findTransition(row.status, action);
    if (!transition) return fail("conflict", `A case in status ${row.status} cannot ${action.replace("_", " ")}`);
    const before = await options.alongside?.(tx, row);
    if (before && !before.ok) return before;
    const [updated] = await tx
      .update(verifications)
      .set({
        status: transition.to,
        updatedAt: now,
        completedAt: FINAL_STATUSES.has(transition.to) ? now : action === "restart" ? null : row.completedAt,
      })
      .where(and(eq(verifications.id, row.id), ofTeam(verifications, tenant.teamId), eq(verifications.status, row.status)))
      .returning();
    await tx.insert(verificationEvents).values({
      id: newId("vev"),
      teamId: tenant.teamId,
      mode: tenant.mode,
      verificationId: row.id,
      event: transition.webhook ?? action,
      fromStatus: row.status,
      toStatus: transition.to,
      actorType: actor.type,
      actorId: actor.id ?? null,
      note: options.note ?? null,
      createdAt: now,
    });
    await recordAudit(tx, {
      ...tenant,
      actor,
      action: `verification.${action}`,
      targetType: "verification",
      targetId: row.id,
      metadata: { from: row.status, to: transition.to, note: options.note ?? null },
    });
    const record = toVerificationRecord(updated!);
    const webhookMessageId = transition.webhook
      ? await recordWebhookEvent(tx, {
          tenant,
          event: transition.webhook,
          payload: { event: transition.webhook, ...record },
          verificationId: row.id,
        })
      : null;
    return ok({ record, from: row.status, webhookMessageId });
  });
  if (result.ok && result.value.webhookMessageId) notifyOutbox();
  return result;
}

/** Several transitions in order (for example complete → pass); stops at the first refusal. */
export async function applyTransitions(
  db: Db,
  options: Omit<ApplyTransitionOptions, "action" | "expectedStatus">,
  actions: TransitionAction[],
): Promise<Result<TransitionOutcome>> {
  let last: Result<TransitionOutcome> = fail("invalid", "No transition given");
  for (const action of actions) {
    last = await applyTransition(db, { ...options, action });
    if (!last.ok) return last;
  }
  return last;
}
