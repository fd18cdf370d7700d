import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { memberships, roleEnum, type Role } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import { authorizeStaff, type StaffRef } from "./authorize-staff";
import { lockMemberForChange } from "./member-change-guard";
import { assignableRoles } from "./permissions";
import { ofTeam } from "../shared/tenant";

/**
 * Gives a member another role: owners and admins, never to or from a role above their own, and
 * never taking the last owner's. It applies at the member's next request (roles are read fresh).
 */
export async function changeMemberRole(
  db: Db,
  input: { staff: StaffRef; teamId: string; userId: string; role: Role },
): Promise<Result<{ userId: string; role: Role; previousRole: Role }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: input.teamId, permission: "manage_members" });
  if (!allowed.ok) return allowed;
  if (!(roleEnum.enumValues as readonly string[]).includes(input.role))
    return fail("invalid", "Unknown role", { detail: { role: "Choose a role" } });
  if (!assignableRoles(allowed.value.role).includes(input.role))
    return fail("forbidden", `An ${allowed.value.role} cannot make someone an ${input.role}`, {
      detail: { role: "Choose a role at or below yours" },
    });
  return db.transaction(async (tx) => {
    const target = await lockMemberForChange(tx, {
      teamId: input.teamId,
      actorUserId: input.staff.userId,
      userId: input.userId,
      leavesOwnerRole: input.role !== "owner",
    });
    if (!target.ok) return target;
    if (!assignableRoles(target.value.actorRole).includes(input.role))
      return fail("forbidden", `An ${target.value.actorRole} cannot make someone an ${input.role}`);
    const previousRole = target.value.role;
    if (previousRole === input.role) return ok({ userId: input.userId, role: input.role, previousRole });
    await tx
      .update(memberships)
      .set({ role: input.role })
      .where(and(ofTeam(memberships, input.teamId), eq(memberships.userId, input.userId)));
    await recordAudit(tx, {
      teamId: input.teamId,
      actor: allowed.value.actor,
      action: "member.role_changed",
      targetType: "user",
      targetId: input.userId,
      metadata: { email: target.value.email, before: previousRole, after: input.role },
    });
    return ok({ userId: input.userId, role: input.role, previousRole });
  });
}
