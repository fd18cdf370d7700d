import { and, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedSessions, verifications } from "@/lib/db/schema";
import { applyTransition } from "../verifications/apply-transition";

/**
 * wire-details: a case whose `expires_at` passed before completion keeps its status and sends
 * `Expired`, once. The stamp is written in the transition's transaction, under the case's row
 * lock, so two instances sweeping at once send one event.
 */
export async function expireHostedCases(db: Db, options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db
    .select({ id: verifications.id, teamId: verifications.teamId, mode: verifications.mode })
    .from(verifications)
    .leftJoin(hostedSessions, eq(hostedSessions.verificationId, verifications.id))
    .where(
      and(
        eq(verifications.status, "InProgress"),
        lte(verifications.expiresAt, now),
        isNull(verifications.completedAt),
        isNull(hostedSessions.expiryNotifiedAt),
      ),
    )
    .limit(options.batchSize ?? 200);
  let sent = 0;
  for (const c of due) {
    if (await expireHostedCase(db, { verificationId: c.id, tenant: { teamId: c.teamId, mode: c.mode }, now })) sent++;
  }
  return sent;
}

/** One case: true when this call sent its Expired event. */
export async function expireHostedCase(
  db: Db,
  input: { verificationId: string; tenant: { teamId: string; mode: "live" | "sandbox" }; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  let already = false;
  const done = await applyTransition(db, {
    tenant: input.tenant,
    verificationId: input.verificationId,
    action: "expire",
    actor: { type: "system", id: "expiry" },
    expectedStatus: "InProgress",
    now,
    alongside: async (tx, row) => {
      if (row.expiresAt > now || row.completedAt) {
        already = true;
        return { ok: false, error: { kind: "conflict", message: "Not expired" } };
      }
      // Under the case's lock: a session row made now, or the stamp set by whoever came first.
      await tx.insert(hostedSessions).values({ verificationId: row.id, teamId: row.teamId, mode: row.mode }).onConflictDoNothing();
      const [stamped] = await tx
        .update(hostedSessions)
        .set({ expiryNotifiedAt: now, updatedAt: now })
        .where(and(eq(hostedSessions.verificationId, row.id), isNull(hostedSessions.expiryNotifiedAt)))
        .returning({ id: hostedSessions.verificationId });
      if (!stamped) {
        already = true;
        return { ok: false, error: { kind: "conflict", message: "Expired already sent" } };
      }
    },
  });
  return done.ok && !already;
}
