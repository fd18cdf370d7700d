import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { verifications } from "@/lib/db/schema";
import { sharedTtlCache } from "../shared/ttl-cache";
import { getEmbedSettings } from "./get-embed-settings";

// Every hosted page view asks; the answer changes only when a team edits its settings: a change
// saved in the console clears it at once here (the cache is shared by Next's copies of this
// module, ttl-cache.ts), other instances within 30 s.
const cache = sharedTtlCache<string[]>("frameAncestors", { ttlMs: 30_000, max: 5_000 });

export function forgetFrameAncestors(): void {
  cache.clear();
}

/** The origins that may frame the hosted page of this token ([] when none, or the token is unknown). */
export async function hostedFrameAncestors(db: Db, token: string, now = Date.now()): Promise<string[]> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return [];
  const hit = cache.get(token, now);
  if (hit) return hit;
  const [row] = await db
    .select({ teamId: verifications.teamId, mode: verifications.mode })
    .from(verifications)
    .where(eq(verifications.hostedToken, token))
    .limit(1);
  const origins = row ? (await getEmbedSettings(db, row)).frameAncestors : [];
  cache.set(token, origins, now);
  return origins;
}
