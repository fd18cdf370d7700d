"use server";

import { revalidatePath } from "next/cache";
import { getStaffContext } from "@/lib/auth/staff-context";
import { replayCaseDelivery } from "@/lib/server/console/replay-case-delivery";

/** Replay one webhook message of the case (bound: the case id). */
export async function replayDeliveryAction(caseId: string, formData: FormData): Promise<void> {
  const context = await getStaffContext();
  if (!context) return;
  await replayCaseDelivery(context.db, context.tenant, { staff: context.staff, messageId: String(formData.get("messageId") ?? "") });
  revalidatePath(`/console/cases/${caseId}`);
}
