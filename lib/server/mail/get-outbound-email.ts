import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { outboundEmails, type Role } from "@/lib/db/schema";
import { authorizeStaff, type StaffRef } from "../console/authorize-staff";
import { assignableRoles } from "../console/permissions";
import { fail, ok, type Result } from "../shared/result";
import type { OutboundEmailRow } from "./list-outbound-emails";
import type { MailStatus, MailTransport } from "./mailer";
import { ofTeam } from "../shared/tenant";

export interface OutboundEmailView extends OutboundEmailRow {
  text: string;
  /** The invitation link was hidden: it grants a role above the reader's. */
  redacted: boolean;
}

const INVITE_LINK = /\S*\/console\/invite\/\S+/g;

/**
 * One email of the team, to read in the console (owners and admins). An invitation for a role
 * the reader could not hand out (an owner's, read by an admin) shows without its link: reading it
 * must not be a way to a higher role.
 */
export async function getOutboundEmail(db: Db, input: { staff: StaffRef; teamId: string; id: string }): Promise<Result<OutboundEmailView>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: input.teamId, permission: "manage_members" });
  if (!allowed.ok) return allowed;
  const [email] = await db
    .select()
    .from(outboundEmails)
    .where(and(ofTeam(outboundEmails, input.teamId), eq(outboundEmails.id, input.id)))
    .limit(1);
  if (!email) return fail("not_found", "No such email");
  const role = email.meta?.kind === "invitation" ? (email.meta.role as Role | undefined) : undefined;
  const redacted = role !== undefined && !assignableRoles(allowed.value.role).includes(role);
  return ok({
    id: email.id,
    to: email.to,
    subject: email.subject,
    transport: email.transport as MailTransport,
    status: email.status as MailStatus,
    error: email.error,
    createdAt: email.createdAt.toISOString(),
    sentAt: email.sentAt?.toISOString() ?? null,
    text: redacted
      ? email.text.replace(INVITE_LINK, `[link hidden: only an owner may read an invitation for the ${role} role]`)
      : email.text,
    redacted,
  });
}
