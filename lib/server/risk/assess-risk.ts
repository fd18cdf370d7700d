import { RISK_THRESHOLD_DEFAULTS, type RiskAssessmentResponse, type RiskRequest } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { riskAssessments } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import { ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { buildRiskResponse } from "./build-risk-response";
import { checkFaceScan } from "./check-face-scan";
import { riskEngineFor, type RiskEngine, type RiskReportKind } from "./risk-engine";

export interface AssessRiskOptions {
  tenant: Tenant;
  /** The form, already checked against `riskRequestSchema`. */
  request: RiskRequest;
  report: RiskReportKind;
  /** Defaults to the engine of the tenant's mode. */
  engine?: RiskEngine;
  now?: Date;
}

/**
 * spec 4.4: assesses one person. Input checks are the same in both modes and come first; the
 * mode's engine answers; every answered assessment is stored for the tenant (team and mode).
 */
export async function assessRisk(db: Db, options: AssessRiskOptions): Promise<Result<RiskAssessmentResponse>> {
  const { tenant, report } = options;
  const { face_scan, thresholds, ...request } = options.request;
  const faceScan = await checkFaceScan(face_scan);
  if (!faceScan.ok) return faceScan;

  const subject = {
    request,
    thresholds: {
      aml: thresholds?.aml ?? RISK_THRESHOLD_DEFAULTS.aml,
      online_footprint: thresholds?.online_footprint ?? RISK_THRESHOLD_DEFAULTS.online_footprint,
    },
    faceScan: faceScan.value,
    report,
  };
  const engine = options.engine ?? riskEngineFor(tenant.mode);
  const findings = await engine.assess(subject);
  if (!findings.ok) return findings;

  const now = options.now ?? new Date();
  const enrichments = request.enrichments ?? [];
  const response = buildRiskResponse({
    id: newId("risk"),
    teamId: tenant.teamId,
    subject,
    findings: findings.value,
    createdAt: now,
    alertsEnabledAt: enrichments.includes("AML") ? now : null,
  });
  await db.insert(riskAssessments).values({
    id: response.id,
    teamId: tenant.teamId,
    mode: tenant.mode,
    email: request.email,
    firstName: request.first_name,
    lastName: request.last_name,
    dateOfBirth: request.date_of_birth,
    report,
    // The radar description carries no score, so the row does not either.
    riskScore: report === "headline" ? findings.value.risk_score : null,
    recommendation: report === "headline" ? findings.value.recommendation : null,
    enrichments,
    response,
    billable: findings.value.billable,
    createdAt: now,
  });
  return ok(response);
}
