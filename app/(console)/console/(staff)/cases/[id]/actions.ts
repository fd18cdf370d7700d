"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { FormState } from "@/components/console/review-form";
import type { SimpleFormState } from "@/components/console/simple-form";
import { verificationStatusSchema } from "@/lib/contract";
import { getStaffContext } from "@/lib/auth/staff-context";
import { restartCase } from "@/lib/server/console/restart-case";
import { switchCaseWorkflow } from "@/lib/server/console/switch-case-workflow";
import { reviewCase } from "@/lib/server/console/review-case";
import { failureMessage } from "@/lib/auth/failure-message";

const reviewSchema = z.object({
  decision: z.enum(["approve", "reject"], { message: "Choose approve or refuse" }),
  note: z.string().trim().min(1, "Say why you decided this way").max(2000, "At most 2000 characters"),
});

/** Approve or refuse a case (bound: the case id and the status the reviewer saw). */
export async function reviewCaseAction(id: string, expectedStatus: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const context = await getStaffContext();
  if (!context) return { ok: false, message: "Your session has ended: sign in again." };
  const parsed = reviewSchema.safeParse({ decision: formData.get("decision"), note: formData.get("note") ?? "" });
  const seen = verificationStatusSchema.safeParse(expectedStatus);
  if (!parsed.success || !seen.success) {
    const errors = parsed.success ? {} : z.flattenError(parsed.error).fieldErrors;
    return { ok: false, message: "Check the note.", fieldErrors: { note: errors.note?.[0], decision: errors.decision?.[0] } };
  }
  const result = await reviewCase(context.db, context.tenant, {
    staff: context.staff,
    verificationId: id,
    ...parsed.data,
    expectedStatus: seen.data,
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath(`/console/cases/${id}`);
  // The review form goes away with the decision: the page says what happened instead.
  redirect(`/console/cases/${encodeURIComponent(id)}?decided=${parsed.data.decision}`);
}

export async function restartCaseAction(
  id: string,
  expectedStatus: string,
  _previous: SimpleFormState,
  formData: FormData,
): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return { ok: false, message: "Your session has ended: sign in again." };
  const seen = verificationStatusSchema.safeParse(expectedStatus);
  if (!seen.success) return { ok: false, message: "Reload the page and try again." };
  const result = await restartCase(context.db, context.tenant, {
    staff: context.staff,
    verificationId: id,
    note: String(formData.get("note") ?? ""),
    expectedStatus: seen.data,
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error) };
  revalidatePath(`/console/cases/${id}`);
  return { ok: true, message: "Restarted: the case is In progress again." };
}

export async function switchWorkflowAction(id: string, _previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return { ok: false, message: "Your session has ended: sign in again." };
  const workflowId = String(formData.get("workflow_id") ?? "").trim();
  if (!workflowId) return { ok: false, message: "Choose a workflow." };
  const result = await switchCaseWorkflow(context.db, context.tenant, {
    staff: context.staff,
    verificationId: id,
    workflowId,
    note: String(formData.get("note") ?? ""),
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error) };
  revalidatePath(`/console/cases/${id}`);
  return { ok: true, message: `Switched: the case now runs ${result.value.workflow_id}.` };
}
