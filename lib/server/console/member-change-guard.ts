import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { memberships, users, type Role } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { assignableRoles, roleCan } from "./permissions";
import { ofTeam } from "../shared/tenant";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface MemberTarget {
  userId: string;
  email: string;
  role: Role;
}

/**
 * Inside the change's transaction: the target member, locked together with the team's owners, and
 * whether the actor (re-read under the locks) may touch them. Every change locks the owners first,
 * so changes of one team's members run one after the other: of two owners demoting each other at
 * once, the second sees the first's change and is refused.
 */
export async function lockMemberForChange(
  tx: Tx,
  input: { teamId: string; actorUserId: string; userId: string; leavesOwnerRole: boolean },
): Promise<Result<MemberTarget & { actorRole: Role }>> {
  const owners = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(ofTeam(memberships, input.teamId), eq(memberships.role, "owner"), isNull(memberships.removedAt)))
    .orderBy(memberships.userId) // one lock order for every change: no deadlock between two
    .for("update");
  const [target] = await tx
    .select({ userId: memberships.userId, role: memberships.role, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(ofTeam(memberships, input.teamId), eq(memberships.userId, input.userId), isNull(memberships.removedAt)))
    .for("update", { of: memberships });
  if (!target) return fail("not_found", "No such member");
  // The actor's role again, under the locks: a change to it committed since the first check counts.
  const [actor] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(ofTeam(memberships, input.teamId), eq(memberships.userId, input.actorUserId), isNull(memberships.removedAt)))
    .for("share");
  if (!actor) return fail("not_found", "No such team");
  if (!roleCan(actor.role, "manage_members")) return fail("forbidden", `Your role (${actor.role}) cannot do this`);
  // An admin manages admins, reviewers and viewers; owners are an owner's business.
  if (!assignableRoles(actor.role).includes(target.role)) return fail("forbidden", `An ${actor.role} cannot change an ${target.role}`);
  if (target.role === "owner" && input.leavesOwnerRole && owners.length <= 1) {
    return fail("conflict", "The team's last owner stays an owner: make someone else an owner first", { code: "last_owner" });
  }
  return ok({ ...target, actorRole: actor.role });
}
