import type { RiskFormClasses } from "@/components/risk-form/classes";
import { linkButton, primaryButton, ring, secondaryButton } from "@/components/hosted/styles";

const inputBase = `min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-rose-700 ${ring}`;

/** The shared claim fields (components/risk-form) in the hosted flow's look. */
export const hostedFormClasses: RiskFormClasses = {
  input: `block w-full ${inputBase}`,
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
  activeOption: "bg-brand-700 text-white",
  fileInput: "block w-full rounded-lg border border-dashed border-slate-400 bg-slate-50 p-3 text-sm text-slate-800",
};
