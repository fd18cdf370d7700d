import type { Db } from "@/lib/db";
import type { Role } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { invitationEmail } from "../mail/invitation-email";
import { createLocalMailbox } from "../mail/local-mailbox";
import type { Mailer, SentEmail } from "../mail/mailer";
import { fail, ok, type Result } from "../shared/result";
import { authorizeStaff, type StaffRef } from "./authorize-staff";
import { encodeInvite } from "./invite-token";
import { assignableRoles } from "./permissions";
import { ofTeam } from "../shared/tenant";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVITE_DAYS = 7;

/**
 * An invitation link for the team, emailed to the person (by `mailer`; the local mailbox when none
 * is given) and also answered to the inviter, who sees it once. Only owners and admins invite,
 * never above their own role. A failed email does not undo the invitation: its status says so.
 */
export async function inviteMember(
  db: Db,
  input: { staff: StaffRef; teamId: string; email: string; role: Role; secret: string; baseUrl: string; mailer?: Mailer; now?: Date },
): Promise<Result<{ link: string; expiresAt: Date; email: SentEmail }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: input.teamId, permission: "manage_members" });
  if (!allowed.ok) return allowed;
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 320) return fail("invalid", "Invalid email", { detail: { email: "Enter an email address" } });
  if (!assignableRoles(allowed.value.role).includes(input.role))
    return fail("forbidden", `An ${allowed.value.role} cannot invite an ${input.role}`, {
      detail: { role: "Choose a role at or below yours" },
    });
  const existing = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email), columns: { id: true } });
  if (existing) {
    const member = await db.query.memberships.findFirst({
      where: (m, { and, eq, isNull }) => and(ofTeam(m, input.teamId), eq(m.userId, existing.id), isNull(m.removedAt)),
    });
    if (member) return fail("conflict", "Already a member", { detail: { email: "This person is already a member of the team" } });
  }
  await recordAudit(db, {
    teamId: input.teamId,
    actor: allowed.value.actor,
    action: "member.invited",
    targetType: "user",
    targetId: email,
    metadata: { role: input.role },
  });
  const team = await db.query.teams.findFirst({ where: (t, { eq }) => eq(t.id, input.teamId), columns: { name: true } });
  const inviter = await db.query.users.findFirst({
    where: (u, { eq }) => eq(u.id, input.staff.userId),
    columns: { email: true, name: true },
  });
  return ok(
    await sendInvitation(db, {
      teamId: input.teamId,
      teamName: team?.name ?? "your team",
      email,
      role: input.role,
      invitedBy: input.staff.userId,
      inviterName: inviter?.name || inviter?.email || "A colleague",
      secret: input.secret,
      baseUrl: input.baseUrl,
      mailer: input.mailer,
      now: input.now,
    }),
  );
}

/**
 * The signed link (valid INVITE_DAYS) and its email, for an invitation already allowed and
 * audited by the caller: a member's (inviteMember) or a partner's new team (partner-teams.ts).
 */
export async function sendInvitation(
  db: Db,
  input: {
    teamId: string;
    teamName: string;
    email: string;
    role: Role;
    invitedBy: string;
    inviterName: string;
    secret: string;
    baseUrl: string;
    mailer?: Mailer;
    now?: Date;
  },
): Promise<{ link: string; expiresAt: Date; email: SentEmail }> {
  const expiresAt = new Date((input.now ?? new Date()).getTime() + INVITE_DAYS * 86_400_000);
  const token = encodeInvite(
    { teamId: input.teamId, email: input.email, role: input.role, invitedBy: input.invitedBy, expiresAt: expiresAt.getTime() },
    input.secret,
  );
  const link = `${input.baseUrl}/console/invite/${token}`;
  const mailer = input.mailer ?? createLocalMailbox(db);
  const sent = await mailer.send(
    invitationEmail({
      teamId: input.teamId,
      teamName: input.teamName,
      to: input.email,
      role: input.role,
      link,
      expiresAt,
      inviter: input.inviterName,
    }),
  );
  return { link, expiresAt, email: sent };
}
