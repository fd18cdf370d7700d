import type { RiskState } from "@/lib/contract";

/**
 * An enrichment's state from its checks' states: checks that could not run are left out; all
 * passed → PASS, all failed → FAIL, any other mix → PARTIAL; none ran → NOT_PERFORMED.
 */
export function combineStates(states: readonly RiskState[]): RiskState {
  const ran = states.filter((s) => s !== "NOT_PERFORMED");
  if (ran.length === 0) return "NOT_PERFORMED";
  if (ran.every((s) => s === "PASS")) return "PASS";
  if (ran.every((s) => s === "FAIL")) return "FAIL";
  if (ran.every((s) => s === "INCONCLUSIVE")) return "INCONCLUSIVE";
  return "PARTIAL";
}
