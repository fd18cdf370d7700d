import type { Db } from "@/lib/db";
import { teamSettings } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";
import { sharedTtlCache } from "../shared/ttl-cache";

export interface RiskSettings {
  amlThreshold: number;
  onlineFootprintThreshold: number;
  /** Days cases, assessments and monitored accounts are kept; null keeps them forever. */
  retentionDays: number | null;
}

/** wire-details: the default thresholds; no retention limit until a team sets one. */
export const DEFAULT_RISK_SETTINGS: RiskSettings = { amlThreshold: 96, onlineFootprintThreshold: 50, retentionDays: null };

/** The tenant's risk thresholds and retention period (the defaults when the team never set them). */
export async function getRiskSettings(db: Db, tenant: Tenant): Promise<RiskSettings> {
  const [row] = await db
    .select({
      amlThreshold: teamSettings.amlThreshold,
      onlineFootprintThreshold: teamSettings.onlineFootprintThreshold,
      retentionDays: teamSettings.retentionDays,
    })
    .from(teamSettings)
    .where(ofTenant(teamSettings, tenant))
    .limit(1);
  return row ?? { ...DEFAULT_RISK_SETTINGS };
}

// The risk endpoints read the settings on every request; they change a few times a year. A short
// cache per tenant keeps that read off the hot path: a change saved through the console
// (updateRiskSettings) clears it at once (ttl-cache.ts); other instances see it within 5 s.
const cache = sharedTtlCache<{ db: Db; settings: RiskSettings }>("riskSettings", { ttlMs: 5_000, max: 10_000 });
const cacheKey = (tenant: Tenant) => `${tenant.teamId}:${tenant.mode}`;

/** getRiskSettings through the short cache: for request paths, never inside a transaction that writes them. */
export async function getCachedRiskSettings(db: Db, tenant: Tenant, now = Date.now()): Promise<RiskSettings> {
  const key = cacheKey(tenant);
  const hit = cache.get(key, now);
  // The database is part of the key: tests and tools may hold several in one process.
  if (hit && hit.db === db) return { ...hit.settings };
  const settings = await getRiskSettings(db, tenant);
  cache.set(key, { db, settings }, now);
  return { ...settings };
}

/** Drops a tenant's cached settings (after they change). */
export function forgetCachedRiskSettings(tenant: Tenant): void {
  cache.forget(cacheKey(tenant));
}
