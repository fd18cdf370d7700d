import { focusRing } from "@/components/ui/focus";

// One look for the console's controls. Colours are chosen for ≥ 4.5:1 text contrast.
export const buttonPrimary = `inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const buttonSecondary = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const buttonDanger = `inline-flex items-center justify-center gap-2 rounded-lg bg-rose-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-rose-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const buttonSuccess = `inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const inputClass =
  "block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-rose-700";
export const labelClass = "block text-sm font-medium text-slate-800";
export const cardClass = "rounded-xl border border-slate-200 bg-white shadow-sm";
export const linkClass = `font-medium text-brand-700 underline-offset-2 hover:underline ${focusRing}`;
export { focusRing };
