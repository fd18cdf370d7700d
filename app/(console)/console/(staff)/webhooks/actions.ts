"use server";

import { revalidatePath } from "next/cache";
import type { SimpleFormState } from "@/components/console/simple-form";
import { getStaffContext } from "@/lib/auth/staff-context";
import { failureMessage } from "@/lib/auth/failure-message";
import { replayCaseDelivery } from "@/lib/server/console/replay-case-delivery";
import { replayFailedWebhookMessages } from "@/lib/server/console/replay-failed-webhook-messages";

const SIGNED_OUT: SimpleFormState = { ok: false, message: "Your session has ended: sign in again." };

/** Replay one message of the selected team and mode (owner or admin, checked in the domain). */
export async function replayWebhookAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const result = await replayCaseDelivery(context.db, context.tenant, {
    staff: context.staff,
    messageId: String(formData.get("messageId") ?? ""),
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error) };
  revalidatePath("/console/webhooks");
  return { ok: true, message: "Queued again" };
}

// datetime-local gives "YYYY-MM-DDTHH:MM[:SS]" without a zone; the console speaks UTC.
function utc(value: FormDataEntryValue | null): Date | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return null;
  const date = new Date(`${text}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Replay every failed message created in [from, to) of the selected team and mode. */
export async function replayFailedRangeAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const from = utc(formData.get("from"));
  const to = utc(formData.get("to"));
  if (!from || !to) {
    return {
      ok: false,
      message: "Check the time range.",
      fieldErrors: { from: from ? undefined : "Enter a date and time", to: to ? undefined : "Enter a date and time" },
    };
  }
  const result = await replayFailedWebhookMessages(context.db, context.tenant, { staff: context.staff, from, to });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/webhooks");
  const n = result.value.replayed;
  return {
    ok: true,
    message: n === 0 ? "No failed messages were created in that range." : `Queued ${n} failed message${n === 1 ? "" : "s"} again.`,
  };
}
