import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { memberships, type Role } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { ok, type Result } from "../shared/result";
import { authorizeStaff, type StaffRef } from "./authorize-staff";
import { lockMemberForChange } from "./member-change-guard";
import { ofTeam } from "../shared/tenant";

/**
 * Removes a member from the team (owners and admins; never the last owner). The membership is
 * marked removed, not deleted, so the audit trail keeps its person; every console request reads
 * memberships fresh, so the member's open sessions lose the team at their next request.
 */
export async function removeMember(
  db: Db,
  input: { staff: StaffRef; teamId: string; userId: string; now?: Date },
): Promise<Result<{ userId: string; role: Role }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: input.teamId, permission: "manage_members" });
  if (!allowed.ok) return allowed;
  return db.transaction(async (tx) => {
    const target = await lockMemberForChange(tx, {
      teamId: input.teamId,
      actorUserId: input.staff.userId,
      userId: input.userId,
      leavesOwnerRole: true,
    });
    if (!target.ok) return target;
    await tx
      .update(memberships)
      .set({ removedAt: input.now ?? new Date() })
      .where(and(ofTeam(memberships, input.teamId), eq(memberships.userId, input.userId)));
    await recordAudit(tx, {
      teamId: input.teamId,
      actor: allowed.value.actor,
      action: "member.removed",
      targetType: "user",
      targetId: input.userId,
      metadata: { email: target.value.email, role: target.value.role },
    });
    return ok({ userId: input.userId, role: target.value.role });
  });
}
