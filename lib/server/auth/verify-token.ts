import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { accessTokens, apiClients, type Mode } from "@/lib/db/schema";
import { sha256 } from "../shared/crypto";

export interface TokenContext {
  teamId: string;
  mode: Mode;
  apiClientId: string;
  expiresAt: Date;
}

// A short-lived cache in front of the token table keeps one indexed lookup off every request.
// Revocation in this process clears it at once; other instances see it within CACHE_MS.
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;
const cache = new Map<string, { context: TokenContext; until: number }>();

export function forgetCachedTokens(apiClientId?: string): void {
  if (!apiClientId) return cache.clear();
  for (const [key, entry] of cache) if (entry.context.apiClientId === apiClientId) cache.delete(key);
}

/** The team and mode a bearer token speaks for, or null when it is unknown, expired or revoked. */
export async function verifyToken(db: Db, token: string, at?: Date): Promise<TokenContext | null> {
  const hash = sha256(token);
  const hit = cache.get(hash);
  // A number, not a Date, on the cached path: Next wraps the Date constructor in this process.
  const nowMs = at ? at.getTime() : Date.now();
  if (hit && hit.until > nowMs && hit.context.expiresAt.getTime() > nowMs) return hit.context;
  const now = at ?? new Date(nowMs);
  const [row] = await db
    .select({ teamId: accessTokens.teamId, mode: accessTokens.mode, apiClientId: accessTokens.apiClientId, expiresAt: accessTokens.expiresAt })
    .from(accessTokens)
    .innerJoin(apiClients, eq(apiClients.id, accessTokens.apiClientId))
    .where(and(eq(accessTokens.tokenHash, hash), gt(accessTokens.expiresAt, now), isNull(apiClients.revokedAt)))
    .limit(1);
  if (!row) {
    cache.delete(hash);
    return null;
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(hash, { context: row, until: nowMs + CACHE_MS });
  return row;
}
