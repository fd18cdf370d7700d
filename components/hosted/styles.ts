import { focusRing } from "@/components/ui/focus";

// The hosted flow's look: the console's brand colours, phone-sized targets (≥ 44 px), 4.5:1 text.
export const ring = "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
export const primaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60 ${ring}`;
export const secondaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white px-5 py-2.5 text-base font-semibold text-slate-900 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 ${ring}`;
export const linkButton = `rounded-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 ${focusRing}`;
export const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";
export const heading = "text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl";
export const errorText = "text-sm font-medium text-rose-800";
export const adviceBox = "rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950";
export const errorBox = "rounded-xl border border-rose-300 bg-rose-50 p-3 text-sm font-medium text-rose-900";
