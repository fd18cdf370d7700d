import type { Mode } from "@/lib/db/schema";
import { sandboxRiskEngine } from "../sandbox/risk";
import { liveRiskEngine } from "./live-risk-engine";
import type { RiskEngine } from "./risk-types";

export type { NetworkObservation, RiskContext, RiskEngine, RiskFindings, RiskReportKind, RiskSubject, ScoreFactor } from "./risk-types";

/** ARCHITECTURE: the capability is chosen once, by the token's mode. */
export function riskEngineFor(mode: Mode): RiskEngine {
  return mode === "sandbox" ? sandboxRiskEngine : liveRiskEngine;
}
