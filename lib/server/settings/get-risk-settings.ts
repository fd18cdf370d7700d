import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { teamSettings } from "@/lib/db/schema";
import type { Tenant } from "../shared/tenant";

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
    .select({ amlThreshold: teamSettings.amlThreshold, onlineFootprintThreshold: teamSettings.onlineFootprintThreshold, retentionDays: teamSettings.retentionDays })
    .from(teamSettings)
    .where(and(eq(teamSettings.teamId, tenant.teamId), eq(teamSettings.mode, tenant.mode)))
    .limit(1);
  return row ?? { ...DEFAULT_RISK_SETTINGS };
}
