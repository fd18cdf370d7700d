import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { memberships, teams, users, type Role } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, ofTeam } from "../shared/tenant";
import { roleCan, type Permission } from "./permissions";

/** A signed-in staff member as the console's domain functions receive them. */
export interface StaffRef {
  userId: string;
  ip?: string | null;
  userAgent?: string | null;
}

export interface StaffTeam {
  id: string;
  name: string;
  role: Role;
}

export interface StaffProfile {
  id: string;
  email: string;
  name: string | null;
  teams: StaffTeam[];
}

/** The user and their current memberships, read fresh (a removed member loses access at once). */
export async function loadStaff(db: Db, userId: string): Promise<StaffProfile | null> {
  const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) });
  if (!user) return null;
  const rows = await db
    .select({ id: teams.id, name: teams.name, role: memberships.role })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.userId, userId), isNull(memberships.removedAt)))
    .orderBy(asc(teams.name));
  return { id: user.id, email: user.email, name: user.name, teams: rows };
}

/**
 * The member's role in the team when it grants the permission. Not a member → not_found (the
 * team's existence is not revealed); a member without the permission → forbidden.
 */
export async function authorizeStaff(
  db: Db,
  input: { staff: StaffRef; teamId: string; permission: Permission },
): Promise<Result<{ role: Role; actor: Actor }>> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, input.staff.userId), ofTeam(memberships, input.teamId), isNull(memberships.removedAt)))
    .limit(1);
  if (!row) return fail("not_found", "No such team");
  if (!roleCan(row.role, input.permission)) return fail("forbidden", `Your role (${row.role}) cannot do this`);
  return ok({
    role: row.role,
    actor: { type: "staff", id: input.staff.userId, ip: input.staff.ip ?? null, userAgent: input.staff.userAgent ?? null },
  });
}
