import type { Db } from "@/lib/db";
import { embedSettings } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { authorizeStaff, type StaffRef } from "../console/authorize-staff";
import { ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { parseFrameAncestors } from "./frame-ancestors";
import { forgetFrameAncestors } from "./hosted-frame-ancestors";

/** The origins allowed to frame the hosted flow in this mode (console Settings: owners and admins; audited). */
export async function updateEmbedSettings(
  db: Db,
  options: { tenant: Tenant; frameAncestors: string; staff: StaffRef },
): Promise<Result<{ frameAncestors: string[] }>> {
  const { tenant } = options;
  const allowed = await authorizeStaff(db, { staff: options.staff, teamId: tenant.teamId, permission: "manage_settings" });
  if (!allowed.ok) return allowed;
  const parsed = parseFrameAncestors(options.frameAncestors);
  if (!parsed.ok) return parsed;
  const frameAncestors = parsed.value;
  await db.transaction(async (tx) => {
    await tx
      .insert(embedSettings)
      .values({ teamId: tenant.teamId, mode: tenant.mode, frameAncestors })
      .onConflictDoUpdate({ target: [embedSettings.teamId, embedSettings.mode], set: { frameAncestors, updatedAt: new Date() } });
    await recordAudit(tx, {
      ...tenant,
      actor: allowed.value.actor,
      action: "embed_settings.updated",
      targetType: "team_settings",
      targetId: `${tenant.teamId}:${tenant.mode}`,
      metadata: { frameAncestors },
    });
  });
  forgetFrameAncestors();
  return ok({ frameAncestors });
}
