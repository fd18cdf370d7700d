import type { Db } from "@/lib/db";
import { fail, ok, type Result } from "../shared/result";
import { addStaffMember } from "../teams/add-staff-member";
import { decodeInvite, type Invitation } from "./invite-token";
import { verifyStaffPassword } from "./verify-staff-password";
import { ofTeam } from "../shared/tenant";

export interface InviteView extends Invitation {
  teamName: string;
  /** The email already has an account: the person confirms with their current password. */
  existingUser: boolean;
}

/** What an invitation link offers, or not_found when it is invalid, expired or already used. */
export async function readInvite(db: Db, input: { token: string; secret: string }): Promise<Result<InviteView>> {
  const invite = decodeInvite(input.token, input.secret);
  if (!invite) return fail("not_found", "This invitation is invalid or has expired");
  const team = await db.query.teams.findFirst({ where: (t, { eq }) => eq(t.id, invite.teamId) });
  if (!team) return fail("not_found", "This invitation is invalid or has expired");
  const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, invite.email) });
  if (user) {
    const member = await db.query.memberships.findFirst({
      where: (m, { and, eq, isNull }) => and(ofTeam(m, team.id), eq(m.userId, user.id), isNull(m.removedAt)),
    });
    if (member) return fail("not_found", "This invitation has already been accepted");
  }
  return ok({ ...invite, teamName: team.name, existingUser: Boolean(user?.passwordHash) });
}

/** Joins the team: a new account with the chosen password, or an existing one that proves its password. */
export async function acceptInvite(
  db: Db,
  input: { token: string; secret: string; password: string; name?: string },
): Promise<Result<{ email: string }>> {
  const view = await readInvite(db, input);
  if (!view.ok) return view;
  const invite = view.value;
  if (invite.existingUser) {
    const user = await verifyStaffPassword(db, { email: invite.email, password: input.password });
    if (!user) return fail("invalid", "Wrong password", { detail: { password: "Enter the password of your existing account" } });
  } else if (input.password.length < 10 || input.password.length > 200) {
    return fail("invalid", "Password too short", { detail: { password: "Choose at least 10 characters" } });
  }
  const added = await addStaffMember(db, {
    teamId: invite.teamId,
    email: invite.email,
    password: invite.existingUser ? undefined : input.password,
    name: input.name?.trim() || undefined,
    role: invite.role,
    actor: { type: "staff", id: invite.invitedBy },
  });
  if (!added.ok) return added;
  return ok({ email: invite.email });
}
