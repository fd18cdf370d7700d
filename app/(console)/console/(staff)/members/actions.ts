"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { SimpleFormState } from "@/components/console/simple-form";
import { getConfig } from "@/lib/config";
import { roleEnum } from "@/lib/db/schema";
import { failureMessage } from "@/lib/auth/failure-message";
import { getStaffContext } from "@/lib/auth/staff-context";
import { inviteMember } from "@/lib/server/console/invite-member";

const schema = z.object({ email: z.email("Enter an email address").max(320), role: z.enum(roleEnum.enumValues, { message: "Choose a role" }) });

export async function inviteMemberAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return { ok: false, message: "Your session has ended: sign in again." };
  const parsed = schema.safeParse({ email: formData.get("email"), role: formData.get("role") });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    return { ok: false, message: "Check the fields.", fieldErrors: { email: errors.email?.[0], role: errors.role?.[0] } };
  }
  const config = getConfig();
  const result = await inviteMember(context.db, { staff: context.staff, teamId: context.team.id, ...parsed.data, secret: config.auth.secret, baseUrl: config.publicBaseUrl });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/members");
  return {
    ok: true,
    message: `Invitation for ${parsed.data.email} (${parsed.data.role}) created.`,
    reveal: { label: "Invitation link", value: result.value.link, note: "Send it to them yourself; it works once and for 7 days, and is not shown again." },
  };
}
