import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { verifications } from "@/lib/db/schema";
import { getEmbedSettings } from "./get-embed-settings";

// Every hosted page view asks; the answer changes only when a team edits its settings. The cache
// lives on globalThis because Next's proxy and its server actions load separate copies of this
// module: a change saved in the console clears it at once here, other instances within CACHE_MS.
const CACHE_MS = 30_000;
const CACHE_MAX = 5_000;
const KEY = Symbol.for("verity.frameAncestorsCache");
type Cache = Map<string, { origins: string[]; until: number }>;
const holder = globalThis as { [KEY]?: Cache };
const cache = (): Cache => (holder[KEY] ??= new Map());

export function forgetFrameAncestors(): void {
  cache().clear();
}

/** The origins that may frame the hosted page of this token ([] when none, or the token is unknown). */
export async function hostedFrameAncestors(db: Db, token: string, now = Date.now()): Promise<string[]> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return [];
  const hit = cache().get(token);
  if (hit && hit.until > now) return hit.origins;
  const [row] = await db.select({ teamId: verifications.teamId, mode: verifications.mode }).from(verifications).where(eq(verifications.hostedToken, token)).limit(1);
  const origins = row ? (await getEmbedSettings(db, row)).frameAncestors : [];
  const entries = cache();
  if (entries.size >= CACHE_MAX) entries.delete(entries.keys().next().value!);
  entries.set(token, { origins, until: now + CACHE_MS });
  return origins;
}
