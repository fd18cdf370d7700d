import type { Db } from "@/lib/db";
import { hostedSettings } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import type { Actor, Tenant } from "../shared/tenant";

/** Attempts per step before a case is locked out: 1–10 (the spec's vendor allows 5). */
export async function updateHostedSettings(
  db: Db,
  options: { tenant: Tenant; maxAttempts: number; actor: Actor },
): Promise<Result<{ maxAttempts: number }>> {
  const { tenant, maxAttempts } = options;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 10) {
    return fail("invalid", "Attempts per step must be a whole number from 1 to 10", { detail: { maxAttempts: "Must be 1–10" } });
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(hostedSettings)
      .values({ teamId: tenant.teamId, mode: tenant.mode, maxAttempts })
      .onConflictDoUpdate({ target: [hostedSettings.teamId, hostedSettings.mode], set: { maxAttempts, updatedAt: new Date() } });
    await recordAudit(tx, {
      ...tenant,
      actor: options.actor,
      action: "hosted_settings.updated",
      targetType: "team_settings",
      targetId: `${tenant.teamId}:${tenant.mode}`,
      metadata: { maxAttempts },
    });
  });
  return ok({ maxAttempts });
}
