import bcrypt from "bcryptjs";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { memberships, users, type Role } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { newId } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, ofTeam } from "../shared/tenant";

const BCRYPT_COST = 12;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface StaffMember {
  userId: string;
  email: string;
  teamId: string;
  role: Role;
  created: boolean;
}

/** Creates the staff user when new (with a bcrypt password hash) and makes them a team member. */
export async function addStaffMember(
  db: Db,
  input: { teamId: string; email: string; password?: string; name?: string; role: Role; actor: Actor },
): Promise<Result<StaffMember>> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) return fail("invalid", "Invalid email address", { detail: { email: "Must be an email address" } });
  if (input.password !== undefined && input.password.length < 10) {
    return fail("invalid", "Password too short", { detail: { password: "At least 10 characters" } });
  }
  const passwordHash = input.password ? await bcrypt.hash(input.password, BCRYPT_COST) : null;
  return db.transaction(async (tx) => {
    const team = await tx.query.teams.findFirst({ where: (t, { eq }) => eq(t.id, input.teamId) });
    if (!team) return fail("not_found", `No team ${input.teamId}`);
    let user = await tx.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
    const created = !user;
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({ id: newId("usr"), email, name: input.name ?? null, passwordHash })
        .returning();
    } else if (passwordHash) {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    }
    await tx
      .insert(memberships)
      .values({ teamId: input.teamId, userId: user!.id, role: input.role })
      .onConflictDoUpdate({ target: [memberships.teamId, memberships.userId], set: { role: input.role, removedAt: null } });
    await recordAudit(tx, {
      teamId: input.teamId,
      actor: input.actor,
      action: "member.added",
      targetType: "user",
      targetId: user!.id,
      metadata: { email, role: input.role },
    });
    const membership = await tx.query.memberships.findFirst({
      where: (m) => and(ofTeam(m, input.teamId), eq(m.userId, user!.id)),
    });
    return ok({ userId: user!.id, email, teamId: input.teamId, role: membership!.role, created });
  });
}
