"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { AssessmentFormState } from "@/components/risk-form/assessment-form";
import { getStaffContext } from "@/lib/auth/staff-context";
import { failureMessage } from "@/lib/auth/failure-message";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { authorizeStaff } from "@/lib/server/console/authorize-staff";
import { assessRisk } from "@/lib/server/risk/assess-risk";
import { placeError, readAssessmentForm } from "./read-assessment-form";

/** Runs one risk assessment for the selected team and mode, as POST /api/v2/risk would (reviewer or above). */
export async function runAssessmentAction(_previous: AssessmentFormState, formData: FormData): Promise<AssessmentFormState> {
  const context = await getStaffContext();
  if (!context) return { message: "Your session has ended: sign in again.", fieldErrors: {} };
  // The page hides the form from viewers; the server is what refuses them.
  const allowed = await authorizeStaff(context.db, { staff: context.staff, teamId: context.tenant.teamId, permission: "review" });
  if (!allowed.ok) return { message: failureMessage(allowed.error), fieldErrors: {} };

  const form = readAssessmentForm(formData);
  if (!form.ok) return { message: "Check the highlighted answers.", fieldErrors: form.fieldErrors };
  const assessed = await assessRisk(context.db, { tenant: context.tenant, request: form.request, report: form.report });
  if (!assessed.ok) {
    const fieldErrors: AssessmentFormState["fieldErrors"] = {};
    const manual = formData.get("addressMode") === "manual";
    for (const [path, message] of Object.entries(assessed.error.detail ?? {})) placeError(fieldErrors, path.split("."), message, manual);
    return { message: failureMessage(assessed.error), fieldErrors };
  }
  const id = assessed.value.id;
  await recordAudit(context.db, {
    ...context.tenant,
    actor: allowed.value.actor,
    action: "risk.assessed_in_console",
    targetType: "risk_assessment",
    targetId: id,
  });
  revalidatePath("/console/risk");
  // redirect() throws by design: it stays outside any try/catch.
  redirect(`/console/risk/${encodeURIComponent(id)}`);
}
