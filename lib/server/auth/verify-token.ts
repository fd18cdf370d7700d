import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { accessTokens, apiClients, type Mode } from "@/lib/db/schema";
import { sha256 } from "../shared/crypto";
import { sharedTtlCache } from "../shared/ttl-cache";

export interface TokenContext {
  teamId: string;
  mode: Mode;
  apiClientId: string;
  expiresAt: Date;
}

// A short-lived cache in front of the token table keeps one indexed lookup off every request.
// Revocation on this machine's server clears it at once; other instances see it within 5 s.
const cache = sharedTtlCache<TokenContext>("tokens", { ttlMs: 5_000, max: 10_000 });

export function forgetCachedTokens(apiClientId?: string): void {
  cache.clear(apiClientId === undefined ? undefined : (context) => context.apiClientId === apiClientId);
}

/** The team and mode a bearer token speaks for, or null when it is unknown, expired or revoked. */
export async function verifyToken(db: Db, token: string, at?: Date): Promise<TokenContext | null> {
  const hash = sha256(token);
  // A number, not a Date, on the cached path: Next wraps the Date constructor in this process.
  const nowMs = at ? at.getTime() : Date.now();
  const hit = cache.get(hash, nowMs);
  if (hit && hit.expiresAt.getTime() > nowMs) return hit;
  const now = at ?? new Date(nowMs);
  const [row] = await db
    .select({
      teamId: accessTokens.teamId,
      mode: accessTokens.mode,
      apiClientId: accessTokens.apiClientId,
      expiresAt: accessTokens.expiresAt,
    })
    .from(accessTokens)
    .innerJoin(apiClients, eq(apiClients.id, accessTokens.apiClientId))
    .where(and(eq(accessTokens.tokenHash, hash), gt(accessTokens.expiresAt, now), isNull(apiClients.revokedAt)))
    .limit(1);
  if (!row) {
    cache.delete(hash);
    return null;
  }
  cache.set(hash, row, nowMs);
  return row;
}
