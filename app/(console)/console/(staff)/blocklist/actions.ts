"use server";

import { revalidatePath } from "next/cache";
import type { SimpleFormState } from "@/components/console/simple-form";
import { failureMessage } from "@/lib/auth/failure-message";
import { getStaffContext } from "@/lib/auth/staff-context";
import { getConfig } from "@/lib/config";
import { addBlocklistEntry, type BlocklistSubject } from "@/lib/server/blocklist/add-blocklist-entry";
import { removeBlocklistEntry } from "@/lib/server/blocklist/remove-blocklist-entry";

const SIGNED_OUT: SimpleFormState = { ok: false, message: "Your session has ended: sign in again." };
const text = (formData: FormData, name: string) => String(formData.get(name) ?? "");

export async function addBlocklistAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const subject: BlocklistSubject =
    text(formData, "kind") === "identity"
      ? {
          kind: "identity",
          firstName: text(formData, "firstName"),
          lastName: text(formData, "lastName"),
          dateOfBirth: text(formData, "dateOfBirth"),
        }
      : { kind: "email", email: text(formData, "email") };
  const result = await addBlocklistEntry(context.db, {
    by: { staff: context.staff, teamId: context.team.id },
    subject,
    reason: text(formData, "reason"),
    networkKey: getConfig().networkKey,
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/blocklist");
  return { ok: true, message: `Added ${result.value.entry.label} to the blocklist.` };
}

/** Removes one of the team's entries (bound: its id). */
export async function removeBlocklistAction(id: string, _previous: SimpleFormState): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const result = await removeBlocklistEntry(context.db, { by: { staff: context.staff, teamId: context.team.id }, id });
  if (!result.ok) return { ok: false, message: failureMessage(result.error) };
  revalidatePath("/console/blocklist");
  return { ok: true, message: `Removed ${result.value.entry.label}.` };
}
