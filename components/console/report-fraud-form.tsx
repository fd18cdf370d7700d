"use client";

import { formatDateTime } from "./page-header";
import { SimpleForm, type SimpleFormState } from "./simple-form";
import { buttonDanger, inputClass, labelClass } from "./styles";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

export interface FiledFraudReport {
  createdAt: string;
  reason: string;
}

/**
 * "Report confirmed fraud" for a case or a risk assessment: once filed, every team's NFD check
 * flags the person's email and name + date of birth (never saying which team reported them).
 */
export function ReportFraudForm({
  action,
  reported,
  canReport,
  role,
  what,
  sandbox,
}: {
  action: Action;
  reported: FiledFraudReport | null;
  canReport: boolean;
  role: string;
  what: string;
  sandbox: boolean;
}) {
  if (reported) {
    return (
      <p data-testid="fraud-reported" className="rounded-lg border border-rose-300 bg-rose-50 px-4 py-3 text-sm text-rose-950">
        <span className="font-semibold">Reported as confirmed fraud</span> on {formatDateTime(reported.createdAt)}:{" "}
        {reported.reason.replace(/[.!?]+$/, "")}.{" "}
        {sandbox
          ? "Sandbox: kept with the team\u2019s test data; live checks never see it."
          : "Every team\u2019s national fraud database (NFD) check now flags this person\u2019s email and name with date of birth."}
      </p>
    );
  }
  if (!canReport) {
    return <p className="text-sm text-slate-700">Your role ({role}) cannot report fraud: ask a reviewer, admin or owner.</p>;
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">
        When this {what} turns out to be fraud, report it. Other teams&rsquo; NFD checks will flag the same email, or the same name with
        date of birth, without learning which team reported it.
      </p>
      <SimpleForm action={action} id="report-fraud" className="space-y-3">
        {(state, pending) => (
          <fieldset disabled={pending} className="space-y-3">
            <legend className="sr-only">Report confirmed fraud</legend>
            <div>
              <label htmlFor="report-fraud-reason" className={labelClass}>
                What was the fraud?
              </label>
              <textarea
                id="report-fraud-reason"
                name="reason"
                rows={2}
                required
                maxLength={1000}
                aria-invalid={state.fieldErrors?.reason ? true : undefined}
                aria-describedby="report-fraud-reason-error"
                className={`mt-1 ${inputClass}`}
              />
              <p id="report-fraud-reason-error" aria-live="polite" className="mt-1 text-sm text-rose-800">
                {state.fieldErrors?.reason}
              </p>
            </div>
            <button type="submit" className={buttonDanger}>
              Report confirmed fraud
            </button>
          </fieldset>
        )}
      </SimpleForm>
    </>
  );
}
