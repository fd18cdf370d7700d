"use client";

import { useActionState } from "react";

type Action = (previous: { message: string | null }, formData: FormData) => Promise<{ message: string | null }>;

const OUTCOMES = [
  { value: "verified", label: "Verified", hint: "Every check passes.", tone: "bg-emerald-700 hover:bg-emerald-800" },
  {
    value: "needs_review",
    label: "Needs review",
    hint: "Checks raise issues; the case waits for a reviewer (status Refused).",
    tone: "bg-amber-700 hover:bg-amber-800",
  },
  { value: "locked_out", label: "Locked out", hint: "The selfie does not match the document.", tone: "bg-rose-700 hover:bg-rose-800" },
] as const;

/** The sandbox hosted page's outcome picker. */
export function SandboxOutcomeForm({ action }: { action: Action }) {
  const [state, formAction, pending] = useActionState(action, { message: null });
  return (
    <form action={formAction} aria-describedby="outcome-error" className="mt-4 space-y-3">
      <fieldset disabled={pending} className="space-y-3">
        <legend className="text-sm text-slate-700">
          Choose how this test verification ends. Webhooks are sent and you return to the redirect URL.
        </legend>
        {OUTCOMES.map((o) => (
          <div key={o.value} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
            <button
              type="submit"
              name="outcome"
              value={o.value}
              className={`w-full rounded-lg px-4 py-2.5 text-sm font-semibold text-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60 sm:w-44 ${o.tone}`}
            >
              {o.label}
            </button>
            <span className="text-sm text-slate-700">{o.hint}</span>
          </div>
        ))}
      </fieldset>
      <p id="outcome-error" aria-live="polite" className="text-sm font-medium text-rose-800">
        {pending ? "Working…" : state.message}
      </p>
    </form>
  );
}
