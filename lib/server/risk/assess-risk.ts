import type { RiskAssessmentResponse, RiskRequest } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { groupedInsert } from "@/lib/db/grouped-insert";
import { networkIdentities, riskAssessments } from "@/lib/db/schema";
import { storeEvidence } from "../evidence/store-evidence";
import { observationRow, recordObservation } from "../network/record-observation";
import { getCachedRiskSettings } from "../settings/get-risk-settings";
import { notifyOutbox } from "../webhooks/outbox";
import { newId } from "../shared/crypto";
import { ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { buildRiskResponse } from "./build-risk-response";
import { checkFaceScan } from "./check-face-scan";
import { riskEngineFor, type RiskEngine, type RiskReportKind } from "./risk-engine";

/**
 * An assessment without a face and its network observation (live only) in one statement, atomic
 * on its own, instead of BEGIN, two inserts and COMMIT; concurrent requests' rows share the
 * statement (group commit, lib/db/grouped-insert.ts). Issue 14.
 */
const storeAssessment = groupedInsert({ assessment: riskAssessments, observation: networkIdentities });

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
 * mode's engine answers; the assessment, its face image (evidence) and, in live, what the fraud
 * network keeps of it are stored in one transaction.
 */
export async function assessRisk(db: Db, options: AssessRiskOptions): Promise<Result<RiskAssessmentResponse>> {
  const { tenant, report } = options;
  const { face_scan, thresholds, ...request } = options.request;
  const faceScan = await checkFaceScan(face_scan);
  if (!faceScan.ok) return faceScan;

  // The request's thresholds win; then the team's Settings; then the defaults (wire-details).
  const settings = await getCachedRiskSettings(db, tenant);
  const subject = {
    request,
    thresholds: {
      aml: thresholds?.aml ?? settings.amlThreshold,
      online_footprint: thresholds?.online_footprint ?? settings.onlineFootprintThreshold,
    },
    faceScan: faceScan.value,
    report,
  };
  const now = options.now ?? new Date();
  const id = newId("risk");
  const engine = options.engine ?? riskEngineFor(tenant.mode);
  const findings = await engine.assess(subject, { db, tenant, assessmentId: id, now });
  if (!findings.ok) return findings;

  const enrichments = request.enrichments ?? [];
  const response = buildRiskResponse({
    id,
    teamId: tenant.teamId,
    subject,
    findings: findings.value,
    createdAt: now,
    alertsEnabledAt: enrichments.includes("AML") ? now : null,
  });
  const row: typeof riskAssessments.$inferInsert = {
    id,
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
  };
  const observation = tenant.mode === "live" ? findings.value.observation : undefined;
  const writes = findings.value.writes ?? [];
  if (!faceScan.value && !observation?.faceEmbedding && writes.length === 0) {
    const observations = observation
      ? [
          observationRow({
            teamId: tenant.teamId,
            source: "risk_assessment",
            sourceId: id,
            emailKey: observation.emailKey,
            identityKey: observation.identityKey,
            now,
          }),
        ]
      : [];
    await storeAssessment(db, { assessment: [row], observation: observations });
    return ok(response);
  }
  let queuedWebhook = false;
  await db.transaction(async (tx) => {
    await tx.insert(riskAssessments).values(row);
    if (faceScan.value) {
      await storeEvidence(tx, {
        tenant,
        ownerType: "risk_assessment",
        ownerId: id,
        role: "face_scan",
        mimeType: faceScan.value.mimeType,
        bytes: faceScan.value.bytes,
      });
    }
    if (observation) {
      await recordObservation(tx, { teamId: tenant.teamId, source: "risk_assessment", sourceId: id, ...observation, now });
    }
    // What the enrichments handed over (AML's enrolment in monitoring): stored with the assessment or not at all.
    for (const write of writes) if ((await write(tx)).queuedWebhook) queuedWebhook = true;
  });
  if (queuedWebhook) notifyOutbox();
  return ok(response);
}
