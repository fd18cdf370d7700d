import type { Db } from "@/lib/db";
import { hostedSettings } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import { authorizeStaff, type StaffRef } from "../console/authorize-staff";
import type { Tenant } from "../shared/tenant";

/**
 * The team's vouching rules (issue 13): the professions a professional referee may have (one per
 * line in the console; 1–60 of them, each 2–60 characters) and how many people one referee may
 * vouch for in a year (1–50).
 */
export async function updateVouchSettings(
  db: Db,
  options: { tenant: Tenant; professions: string[]; refereeLimit: number; staff: StaffRef },
): Promise<Result<{ professions: string[]; refereeLimit: number }>> {
  const { tenant } = options;
  const allowed = await authorizeStaff(db, { staff: options.staff, teamId: tenant.teamId, permission: "manage_settings" });
  if (!allowed.ok) return allowed;
  const professions = [...new Set(options.professions.map((p) => p.trim().replace(/\s+/g, " ")).filter(Boolean))];
  const detail: Record<string, string> = {};
  if (professions.length < 1 || professions.length > 60 || professions.some((p) => p.length < 2 || p.length > 60))
    detail.professions = "List 1 to 60 professions, one per line, each 2 to 60 characters";
  if (!Number.isInteger(options.refereeLimit) || options.refereeLimit < 1 || options.refereeLimit > 50)
    detail.refereeLimit = "A whole number from 1 to 50";
  if (Object.keys(detail).length) return fail("invalid", "Check the vouching settings", { detail });
  await db.transaction(async (tx) => {
    await tx
      .insert(hostedSettings)
      .values({ teamId: tenant.teamId, mode: tenant.mode, refereeProfessions: professions, refereeLimit: options.refereeLimit })
      .onConflictDoUpdate({
        target: [hostedSettings.teamId, hostedSettings.mode],
        set: { refereeProfessions: professions, refereeLimit: options.refereeLimit, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      ...tenant,
      actor: allowed.value.actor,
      action: "vouch_settings.updated",
      targetType: "team_settings",
      targetId: `${tenant.teamId}:${tenant.mode}`,
      metadata: { professions: professions.length, refereeLimit: options.refereeLimit },
    });
  });
  return ok({ professions, refereeLimit: options.refereeLimit });
}
