import { and, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rateLimits } from "@/lib/db/schema";
import { eq } from "drizzle-orm";
import { failureDelaySeconds } from "./rate-limit-settings";

// Failures older than this are forgotten: someone who mistyped yesterday starts fresh today.
const FORGET_AFTER_MS = 24 * 3600_000;

/** The longest wait any of the keys is serving now, in seconds (0: none may be refused). */
export async function currentDelay(db: Db, keys: string[], now: number): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.blockedUntil, new Date(now))));
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil!.getTime()));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/**
 * Counts one more failure on the key (one statement, shared by every instance) and, past the free
 * ones, makes the next try wait: 1 s, 2 s, 4 s … up to the cap.
 */
export async function recordFailure(
  db: Db,
  input: { key: string; free: number; maxDelaySeconds: number; now: number },
): Promise<{ failures: number; delaySeconds: number }> {
  const at = new Date(input.now);
  const stale = new Date(input.now - FORGET_AFTER_MS);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: input.key, windowStart: at, failures: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        failures: sql`case when ${rateLimits.updatedAt} < ${stale} then 1 else ${rateLimits.failures} + 1 end`,
        updatedAt: at,
      },
    })
    .returning({ failures: rateLimits.failures });
  const failures = row!.failures;
  const delaySeconds = failureDelaySeconds(failures, input.free, input.maxDelaySeconds);
  if (delaySeconds > 0) {
    await db
      .update(rateLimits)
      .set({ blockedUntil: new Date(input.now + delaySeconds * 1000) })
      .where(eq(rateLimits.key, input.key));
  }
  return { failures, delaySeconds };
}

/** A success on an account forgets its failures (never on an address: anyone could reset theirs). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
