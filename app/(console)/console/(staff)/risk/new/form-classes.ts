import type { RiskFormClasses } from "@/components/risk-form/classes";
import { buttonPrimary, buttonSecondary, focusRing, inputClass } from "@/components/console/styles";

/** The shared risk form's fields in the console's compact look. */
export const consoleRiskFormClasses: RiskFormClasses = {
  input: inputClass,
  inputBase:
    "block rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-rose-700",
  label: "block text-sm font-semibold text-slate-900",
  partLabel: "block text-xs font-medium text-slate-700",
  hint: "text-sm text-slate-700",
  error: "text-sm font-medium text-rose-800",
  primaryButton: `${buttonPrimary} min-h-10`,
  secondaryButton: `${buttonSecondary} min-h-10`,
  linkButton: `text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`,
  ring: focusRing,
  option: "text-sm",
  activeOption: "bg-brand-700 text-white",
  fileInput:
    "block w-full rounded-lg border border-dashed border-slate-400 bg-slate-50 p-3 text-sm text-slate-800 file:mr-4 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-1.5 file:font-semibold file:text-white hover:file:bg-brand-900",
};
