"use server";

import { revalidatePath } from "next/cache";
import type { SimpleFormState } from "@/components/console/simple-form";
import { failureMessage } from "@/lib/auth/failure-message";
import { getStaffContext } from "@/lib/auth/staff-context";
import { getConfig } from "@/lib/config";
import { FRAUD_REPORT_SUBJECTS, fileFraudReport } from "@/lib/server/fraud-reports/file-fraud-report";

const PAGES = { verification: "/console/cases", risk_assessment: "/console/risk" } as const;

/** Files the team's confirmed-fraud report on a case or assessment (bound: its type and id). */
export async function reportFraudAction(
  subjectType: string,
  subjectId: string,
  _previous: SimpleFormState,
  formData: FormData,
): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return { ok: false, message: "Your session has ended: sign in again." };
  const type = FRAUD_REPORT_SUBJECTS.find((t) => t === subjectType);
  if (!type) return { ok: false, message: "Reload the page and try again." };
  const result = await fileFraudReport(context.db, {
    tenant: context.tenant,
    staff: context.staff,
    subjectType: type,
    subjectId,
    reason: String(formData.get("reason") ?? ""),
    networkKey: getConfig().networkKey,
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath(`${PAGES[type]}/${encodeURIComponent(subjectId)}`);
  return { ok: true, message: "Reported as confirmed fraud." };
}
