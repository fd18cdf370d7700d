import { z } from "zod";
import type { Db } from "@/lib/db";
import { teamSettings } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { authorizeStaff, type StaffRef } from "../console/authorize-staff";
import { fail, ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { forgetCachedRiskSettings, getRiskSettings, type RiskSettings } from "./get-risk-settings";

export const RETENTION_MIN_DAYS = 7;
export const RETENTION_MAX_DAYS = 3650;

// Form values arrive as text, the CLI's and tests' as numbers: both go through the same rules.
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z.number({ message }).int({ message }).min(min, { message }).max(max, { message }),
  );

const schema = z.object({
  amlThreshold: wholeNumber(0, 100, "Enter a whole number from 0 to 100"),
  onlineFootprintThreshold: wholeNumber(0, 100, "Enter a whole number from 0 to 100"),
  // Empty means no limit: keep everything.
  retentionDays: z.preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? null : v),
    wholeNumber(
      RETENTION_MIN_DAYS,
      RETENTION_MAX_DAYS,
      `Enter ${RETENTION_MIN_DAYS} to ${RETENTION_MAX_DAYS} days, or leave empty to keep everything`,
    ).nullable(),
  ),
});

export interface RiskSettingsInput {
  amlThreshold: number | string;
  onlineFootprintThreshold: number | string;
  retentionDays: number | string | null;
}

/** Sets the tenant's thresholds and retention period: owners and admins only, audit-logged with before and after. */
export async function updateRiskSettings(
  db: Db,
  tenant: Tenant,
  input: RiskSettingsInput & { staff: StaffRef },
): Promise<Result<RiskSettings>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_settings" });
  if (!allowed.ok) return allowed;
  const parsed = schema.safeParse({
    amlThreshold: input.amlThreshold,
    onlineFootprintThreshold: input.onlineFootprintThreshold,
    retentionDays: input.retentionDays,
  });
  if (!parsed.success) {
    const detail = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return fail("invalid", "Check the values", { detail });
  }
  const after: RiskSettings = parsed.data;
  const saved = await db.transaction(async (tx) => {
    const before = await getRiskSettings(tx as unknown as Db, tenant);
    await tx
      .insert(teamSettings)
      .values({ teamId: tenant.teamId, mode: tenant.mode, ...after })
      .onConflictDoUpdate({ target: [teamSettings.teamId, teamSettings.mode], set: { ...after, updatedAt: new Date() } });
    await recordAudit(tx, {
      teamId: tenant.teamId,
      mode: tenant.mode,
      actor: allowed.value.actor,
      action: "settings.risk_updated",
      targetType: "team_settings",
      targetId: `${tenant.teamId}:${tenant.mode}`,
      metadata: { before, after },
    });
    return ok(after);
  });
  forgetCachedRiskSettings(tenant);
  return saved;
}
