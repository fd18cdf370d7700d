import type { RiskFormClasses } from "@/components/risk-form/classes";

// Shared class names of the onboarding app's pages: one focus ring, one input, one button style.
export const ring = "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

export const inputBase =
  "block rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 " +
  "focus:border-indigo-600 focus:outline-3 focus:outline-offset-0 focus:outline-indigo-600/30 aria-[invalid=true]:border-rose-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-rose-700";

export const inputClass = `${inputBase} w-full`;

export const primaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-indigo-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-60 ${ring}`;

export const secondaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white px-5 py-2.5 text-base font-semibold text-slate-900 shadow-sm hover:bg-slate-50 disabled:opacity-60 ${ring}`;

export const linkButton = `rounded-sm font-semibold text-indigo-800 underline underline-offset-4 hover:text-indigo-950 ${ring}`;

export const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8";

/** The shared risk form's fields (components/risk-form) in the sign-up's look. */
export const riskFormClasses: RiskFormClasses = {
  input: inputClass,
  inputBase,
  label: "block text-base font-semibold text-slate-900",
  partLabel: "block text-sm font-medium text-slate-800",
  hint: "text-sm text-slate-600",
  error: "text-sm font-medium text-rose-800",
  primaryButton,
  secondaryButton,
  linkButton,
  ring,
  option: "text-base",
  activeOption: "bg-indigo-700 text-white",
  fileInput:
    "block w-full rounded-lg border border-dashed border-slate-400 bg-slate-50 p-3 text-sm text-slate-800 file:mr-4 file:min-h-11 file:rounded-md file:border-0 file:bg-indigo-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-indigo-800",
};
