"use client";

import { useActionState } from "react";
import { buttonDanger, buttonSuccess, inputClass, labelClass } from "./styles";

export interface FormState {
  ok: boolean;
  message: string | null;
  fieldErrors?: Record<string, string | undefined>;
}

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

/** Approve or refuse with a note; the server checks the role and the case's status again. */
export function ReviewForm({ action }: { action: Action }) {
  const [state, formAction, pending] = useActionState(action, { ok: false, message: null });
  return (
    <form action={formAction} className="space-y-3" aria-describedby="review-message">
      <div>
        <label htmlFor="review-note" className={labelClass}>
          Note <span className="font-normal text-slate-600">(required: why you decided so)</span>
        </label>
        <textarea
          id="review-note"
          name="note"
          rows={3}
          maxLength={2000}
          required
          aria-invalid={state.fieldErrors?.note ? true : undefined}
          aria-describedby="review-note-error"
          className={`mt-1 ${inputClass}`}
        />
        <p id="review-note-error" aria-live="polite" className="mt-1 text-sm text-rose-800">
          {state.fieldErrors?.note}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="decision" value="approve" disabled={pending} className={buttonSuccess}>
          Approve
        </button>
        <button type="submit" name="decision" value="reject" disabled={pending} className={buttonDanger}>
          Refuse
        </button>
      </div>
      <p
        id="review-message"
        data-testid="review-message"
        aria-live="polite"
        className={`text-sm font-medium ${state.ok ? "text-emerald-800" : "text-rose-800"}`}
      >
        {pending ? "Saving…" : state.message}
      </p>
    </form>
  );
}
