import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedSessions } from "@/lib/db/schema";

/**
 * Per-token limit on uploads that reach an engine (each costs about a second of CPU): a window of
 * an hour, reset when it has passed. One statement, so concurrent uploads cannot both slip under.
 */
export const ENGINE_RUNS_PER_HOUR = 40;

export async function takeEngineSlot(
  db: Db,
  verificationId: string,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(now.getTime() - 3_600_000);
  const [row] = await db
    .update(hostedSessions)
    .set({
      uploadCount: sql`case when ${hostedSessions.uploadWindowStart} is null or ${hostedSessions.uploadWindowStart} < ${windowStart} then 1 else ${hostedSessions.uploadCount} + 1 end`,
      uploadWindowStart: sql`case when ${hostedSessions.uploadWindowStart} is null or ${hostedSessions.uploadWindowStart} < ${windowStart} then ${now} else ${hostedSessions.uploadWindowStart} end`,
    })
    .where(eq(hostedSessions.verificationId, verificationId))
    .returning({ count: hostedSessions.uploadCount, start: hostedSessions.uploadWindowStart });
  if (!row) return { allowed: false, retryAfterSeconds: 60 };
  const retryAfterSeconds = Math.max(1, Math.ceil(((row.start?.getTime() ?? now.getTime()) + 3_600_000 - now.getTime()) / 1000));
  return { allowed: row.count <= ENGINE_RUNS_PER_HOUR, retryAfterSeconds };
}
