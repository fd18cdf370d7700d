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

/** The headline (spec 2.7) or radar (spec 2.8) description, echoing the input (spec 4.9 rule 1). */
export function buildRiskResponse({ id, teamId, subject, findings, createdAt, alertsEnabledAt }: RiskResponseParts): RiskAssessmentResponse {
  const { request } = subject;
  const common = {
    id,
    team_id: teamId,
    first_name: request.first_name,
    last_name: request.last_name,
    email: request.email,
    date_of_birth: request.date_of_birth,
    ...(request.phone !== undefined && { phone: request.phone }),
    ...(request.address !== undefined && { address: request.address }),
    enrichments: request.enrichments ?? [],
    enrichment_reports: findings.enrichment_reports,
    billable: findings.billable,
    ...(alertsEnabledAt && { alerts_enabled_at: alertsEnabledAt.toISOString() }),
    created_at: createdAt.toISOString(),
  };
  if (subject.report === "radar") return { ...common, radar_verification_report: findings.radar_verification_report };
  return {
    ...common,
    risk_score: findings.risk_score,
    recommendation: findings.recommendation,
    trust_signals: findings.trust_signals,
    fraud_signals: findings.fraud_signals,
    metadata: { thresholds: subject.thresholds, ...(findings.score_factors && { score_factors: findings.score_factors }) },
  };
}
