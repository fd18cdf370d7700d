import type { RiskAssessmentResponse } from "@/lib/contract";
import type { RiskFindings, RiskSubject } from "./risk-engine";

export interface RiskResponseParts {
  id: string;
  teamId: string;
  subject: RiskSubject;
  findings: RiskFindings;
  createdAt: Date;
  /** Set when AML was requested: the person is enrolled in monitoring (spec 1.4). */
  alertsEnabledAt: Date | null;
}

/**
 * The headline (spec 2.7) or radar (spec 2.8) description, echoing the input (spec 4.9 rule 1).
 * Built field by field in the wire order, not by spreading a common part into each kind: a
 * spread copies property by property through V8's generic path (~1 µs for this object, and the
 * whole description cost ~7 µs that way, a few per cent of a sandbox risk request; issue 14).
 */
export function buildRiskResponse({
  id,
  teamId,
  subject,
  findings,
  createdAt,
  alertsEnabledAt,
}: RiskResponseParts): RiskAssessmentResponse {
  const { request } = subject;
  const response: Record<string, unknown> = {
    id,
    team_id: teamId,
    first_name: request.first_name,
    last_name: request.last_name,
    email: request.email,
    date_of_birth: request.date_of_birth,
  };
  if (request.phone !== undefined) response.phone = request.phone;
  if (request.address !== undefined) response.address = request.address;
  response.enrichments = request.enrichments ?? [];
  response.enrichment_reports = findings.enrichment_reports;
  response.billable = findings.billable;
  if (alertsEnabledAt) response.alerts_enabled_at = alertsEnabledAt.toISOString();
  response.created_at = createdAt.toISOString();
  if (subject.report === "radar") {
    response.radar_verification_report = findings.radar_verification_report;
  } else {
    response.risk_score = findings.risk_score;
    response.recommendation = findings.recommendation;
    response.trust_signals = findings.trust_signals;
    response.fraud_signals = findings.fraud_signals;
    const metadata: Record<string, unknown> = { thresholds: subject.thresholds };
    if (findings.score_factors) metadata.score_factors = findings.score_factors;
    response.metadata = metadata;
  }
  return response as unknown as RiskAssessmentResponse;
}
