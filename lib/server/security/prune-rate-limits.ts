import { and, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rateLimits } from "@/lib/db/schema";

// Windows last at most a day (lib/config.ts) and failures are forgotten after a quiet day, so a
// row untouched for two days and serving no delay holds nothing any limit still reads.
const KEEP_MS = 2 * 86_400_000;
const EVERY_MS = 10 * 60_000;
let lastRun = 0;

/** Deletes spent rate-limit rows; at most once per ten minutes per process, errors ignored. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<void> {
  if (now - lastRun < EVERY_MS) return;
  lastRun = now;
  await db
    .delete(rateLimits)
    .where(
      and(
        lt(rateLimits.updatedAt, new Date(now - KEEP_MS)),
        or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, new Date(now))),
      ),
    )
    .catch(() => {});
}
