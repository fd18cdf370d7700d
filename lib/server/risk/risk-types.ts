import type { RadarReport, RiskEnrichmentReports, RiskRecommendation, RiskRequest } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import type { FaceScan } from "./check-face-scan";

// What a risk engine is asked and answers, apart from the registry that picks one (risk-engine.ts):
// the engines, the enrichment providers' contract (live/providers.ts) and the callers read these
// types here, so no provider imports the module that imports every engine.

export type RiskReportKind = "headline" | "radar";

/** What an engine is asked about: the validated request with its thresholds resolved. */
export interface RiskSubject {
  request: Omit<RiskRequest, "face_scan" | "thresholds">;
  thresholds: { aml: number; online_footprint: number };
  faceScan: FaceScan | null;
  report: RiskReportKind;
}

/** Where the assessment happens: the engine reads (never writes) the network through `db`. */
export interface RiskContext {
  db: Db;
  tenant: Tenant;
  /** Id the stored assessment will have. */
  assessmentId: string;
  now: Date;
}

/** One line of the score's explanation: what was found and what it did to the score. */
export interface ScoreFactor {
  name: string;
  state: string;
  /** Points taken off 100 (0 for a factor that passed). */
  points: number;
  reason: string;
}

/** What the live engine saw that the network keeps, written with the assessment in one transaction. */
export interface NetworkObservation {
  emailKey: string;
  identityKey: string | null;
  faceEmbedding: number[] | null;
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
  /** Live only: how the score came about, for reviewers (response `metadata.score_factors`). */
  score_factors?: ScoreFactor[];
  /** Live only: what to record in the fraud network. */
  observation?: NetworkObservation;
  /** Live: writes the enrichments handed over (AML's enrolment), to run in the assessment's transaction. */
  writes?: DeferredWrite[];
}

export interface RiskEngine {
  /** The sandbox engine answers from the subject alone; the live one needs the context. */
  assess(subject: RiskSubject, context?: RiskContext): Promise<Result<RiskFindings>>;
}

/** A write to run in the caller's transaction; says whether it queued a webhook (the caller wakes the outbox after its commit). */
export type DeferredWrite = (tx: Db) => Promise<{ queuedWebhook: boolean }>;
