import type { RadarReport, RiskEnrichmentReports, RiskRecommendation, RiskRequest } from "@/lib/contract";
import type { Mode } from "@/lib/db/schema";
import type { Result } from "../shared/result";
import { sandboxRiskEngine } from "../sandbox/risk";
import type { FaceScan } from "./check-face-scan";
import { liveRiskEngine } from "./live-risk-engine";

export type RiskReportKind = "headline" | "radar";

/** What an engine is asked about: the validated request with its thresholds resolved. */
export interface RiskSubject {
  request: Omit<RiskRequest, "face_scan" | "thresholds">;
  thresholds: { aml: number; online_footprint: number };
  faceScan: FaceScan | null;
  report: RiskReportKind;
}

/** What an engine found; the response builder picks what the chosen description shows. */
export interface RiskFindings {
  risk_score: number;
  recommendation: RiskRecommendation;
  trust_signals: string[];
  fraud_signals: string[];
  enrichment_reports: RiskEnrichmentReports;
  radar_verification_report: RadarReport;
  billable: boolean;
}

export interface RiskEngine {
  assess(subject: RiskSubject): Promise<Result<RiskFindings>>;
}

/** ARCHITECTURE: the capability is chosen once, by the token's mode. */
export function riskEngineFor(mode: Mode): RiskEngine {
  return mode === "sandbox" ? sandboxRiskEngine : liveRiskEngine;
}
