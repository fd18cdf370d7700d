import type { RiskRecommendation } from "@/lib/contract";
import type { ScoreFactor } from "../risk-types";
import type { Factor, ScoringModel } from "./scoring-model";

export interface FactorOutcome {
  name: Factor;
  state: string;
  reason: string;
}

/** Applies the model: points off 100 per factor, then the caps of failed factors, then the bands. */
export function score(
  model: ScoringModel,
  outcomes: readonly FactorOutcome[],
): { riskScore: number; recommendation: RiskRecommendation; factors: ScoreFactor[] } {
  let total = 100;
  let cap = 100;
  const factors = outcomes.map(({ name, state, reason }) => {
    const weights = model.factors[name];
    const taken = state === "FAIL" || state === "PARTIAL" || state === "INCONCLUSIVE" ? weights[state] : 0;
    total -= taken;
    if (state === "FAIL") cap = Math.min(cap, weights.cap);
    return { name, state, points: taken, reason };
  });
  const riskScore = Math.max(0, Math.min(total, cap, 100));
  const recommendation: RiskRecommendation =
    riskScore >= model.bands.CLEAR ? "CLEAR" : riskScore >= model.bands.REVIEW ? "REVIEW" : "REJECT";
  return { riskScore, recommendation, factors };
}
