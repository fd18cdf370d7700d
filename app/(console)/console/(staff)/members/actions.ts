"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { SimpleFormState } from "@/components/console/simple-form";
import { getConfig } from "@/lib/config";
import { roleEnum } from "@/lib/db/schema";
import { failureMessage } from "@/lib/auth/failure-message";
import { getStaffContext } from "@/lib/auth/staff-context";
import { changeMemberRole } from "@/lib/server/console/change-member-role";
import { inviteMember } from "@/lib/server/console/invite-member";
import { removeMember } from "@/lib/server/console/remove-member";
import { createMailer } from "@/lib/server/mail/create-mailer";

const schema = z.object({
  email: z.email("Enter an email address").max(320),
  role: z.enum(roleEnum.enumValues, { message: "Choose a role" }),
});

const EMAIL_NOTE = {
  sent: "We emailed it to them as well.",
  stored: "It is also in the Mailbox (no SMTP server is configured), to forward if you like.",
  failed: "The email could not be sent (see the Mailbox): send them the link yourself.",
} as const;

export async function inviteMemberAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return { ok: false, message: "Your session has ended: sign in again." };
  const parsed = schema.safeParse({ email: formData.get("email"), role: formData.get("role") });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    return { ok: false, message: "Check the fields.", fieldErrors: { email: errors.email?.[0], role: errors.role?.[0] } };
  }
  const config = getConfig();
  const result = await inviteMember(context.db, {
    staff: context.staff,
    teamId: context.team.id,
    ...parsed.data,
    secret: config.auth.secret,
    baseUrl: config.publicBaseUrl,
    mailer: createMailer(context.db, config.mail),
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/members");
  revalidatePath("/console/mailbox");
  return {
    ok: true,
    message: `Invitation for ${parsed.data.email} (${parsed.data.role}) created.`,
    reveal: {
      label: "Invitation link",
      value: result.value.link,
      note: `It works once and for 7 days, and is not shown here again. ${EMAIL_NOTE[result.value.email.status]}`,
    },
  };
}

export async function changeMemberRoleAction(userId: string, _previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return { ok: false, message: "Your session has ended: sign in again." };
  const role = z.enum(roleEnum.enumValues).safeParse(formData.get("role"));
  if (!role.success) return { ok: false, message: "Choose a role.", fieldErrors: { role: "Choose a role" } };
  const result = await changeMemberRole(context.db, { staff: context.staff, teamId: context.team.id, userId, role: role.data });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/members");
  return {
    ok: true,
    message:
      result.value.previousRole === result.value.role
        ? `Already ${result.value.role}.`
        : `Now ${result.value.role} (was ${result.value.previousRole}).`,
  };
}

export async function removeMemberAction(userId: string, _previous: SimpleFormState): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return { ok: false, message: "Your session has ended: sign in again." };
  const result = await removeMember(context.db, { staff: context.staff, teamId: context.team.id, userId });
  if (!result.ok) return { ok: false, message: failureMessage(result.error) };
  revalidatePath("/console/members");
  return { ok: true, message: "Removed from the team." };
}
