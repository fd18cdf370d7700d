import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedHandoffs, hostedSessions, verifications } from "@/lib/db/schema";
import { sha256 } from "../shared/crypto";

/**
 * Opens a handoff link once: the phone is sent on to the case's own page, and the desktop page
 * learns that the phone has it. A used, expired or unknown code gives null (the page says so).
 */
export async function redeemHandoff(db: Db, code: string, now = new Date()): Promise<{ token: string } | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(code)) return null;
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(hostedHandoffs)
      .set({ usedAt: now })
      .where(and(eq(hostedHandoffs.codeHash, sha256(code)), isNull(hostedHandoffs.usedAt), gt(hostedHandoffs.expiresAt, now)))
      .returning({ verificationId: hostedHandoffs.verificationId });
    if (!used) return null;
    const [found] = await tx
      .select({ token: verifications.hostedToken })
      .from(verifications)
      .where(eq(verifications.id, used.verificationId))
      .limit(1);
    if (!found) return null;
    await tx
      .update(hostedSessions)
      .set({ handoffOpenedAt: now, updatedAt: now })
      .where(eq(hostedSessions.verificationId, used.verificationId));
    return { token: found.token };
  });
}
