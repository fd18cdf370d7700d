// One validation in the wire shape of spec 2.4 / real-api.md: `{status}` when it passed,
// `{status, failed_reasons}` when it failed, and `not_performed` (with the reason) when the
// engine could not check it: never a pass it did not earn.

export type ValidationStatus = "pass" | "fail" | "not_performed";

export interface Validation {
  status: ValidationStatus;
  failed_reasons?: string[];
  score?: number;
  /** Why a check was not performed, or what a failure was about (for reviewers). */
  message?: string;
  metadata?: { mismatches: string[] };
}

export type Validations = Record<string, Validation>;

export const pass = (score?: number): Validation => (score === undefined ? { status: "pass" } : { status: "pass", score: round(score) });
export const failed = (reasons: string[], extra: Omit<Validation, "status" | "failed_reasons"> = {}): Validation => ({
  status: "fail",
  failed_reasons: reasons,
  ...extra,
  ...(extra.score !== undefined ? { score: round(extra.score) } : {}),
});
export const notPerformed = (message: string): Validation => ({ status: "not_performed", message });
export const check = (ok: boolean, reasons: string[]): Validation => (ok ? pass() : failed(reasons));

/** Pass only when nothing failed; checks not performed are reported beside, not counted as passes. */
export function outcomeOf(validations: Validations): "pass" | "fail" {
  return Object.values(validations).some((v) => v.status === "fail") ? "fail" : "pass";
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}
