import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rateLimits } from "@/lib/db/schema";
import { pruneRateLimits } from "./prune-rate-limits";

/** The start of the fixed window `now` falls in. */
export function windowStartOf(now: number, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now / ms) * ms);
}

/**
 * Adds `hits` to the key's count in the window of `now` and returns the count after it: one
 * statement, so concurrent instances never lose each other's hits. A row from an older window
 * starts over; one from a newer window (another instance's clock is ahead) keeps counting.
 */
export async function countWindowHits(
  db: Db,
  input: { key: string; hits: number; windowSeconds: number; now: number },
): Promise<{ hits: number; windowStart: Date }> {
  const windowStart = windowStartOf(input.now, input.windowSeconds);
  const at = new Date(input.now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: input.key, windowStart, hits: input.hits, updatedAt: at })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} >= excluded.window_start then ${rateLimits.hits} + excluded.hits else excluded.hits end`,
        windowStart: sql`greatest(${rateLimits.windowStart}, excluded.window_start)`,
        updatedAt: at,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  void pruneRateLimits(db, input.now);
  return row!;
}

/** Seconds until the window of `now` ends (at least 1: Retry-After 0 invites an instant retry). */
export function secondsLeftInWindow(windowStart: Date, windowSeconds: number, now: number): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now) / 1000));
}
