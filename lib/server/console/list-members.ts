import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { memberships, users, type Role } from "@/lib/db/schema";
import { ofTeam } from "../shared/tenant";

export interface MemberRow {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  joinedAt: string;
}

/** The team's current members (team-wide: members see no mode). */
export async function listMembers(db: Db, teamId: string): Promise<MemberRow[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(ofTeam(memberships, teamId), isNull(memberships.removedAt)))
    .orderBy(asc(users.email));
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
}
