import type { Db } from "@/lib/db";
import type { Verification } from "@/lib/db/schema";
import { isDisposableDomain } from "../enrichments/online-footprint/score-email";
import { detectImageType } from "../risk/check-face-scan";
import type { NetworkObservation } from "../risk/risk-engine";
import { riskEngineFor } from "../risk/risk-engine";
import { getCachedRiskSettings } from "../settings/get-risk-settings";
import type { Tenant } from "../shared/tenant";

export interface CaseRisk {
  /** The case's `enrichments` entry (real-api.md RadarCheckApi, as the sandbox records carry it). */
  enrichment: { check: "radar"; outcome: "pass" | "fail" | "error"; validations: Record<string, { status: string; reason?: string }> };
  observation: NetworkObservation | null;
}

/**
 * The live risk engine on the identity the document proved (the claim where the document was
 * silent) and the kept selfie: blocklist, identities per email, email velocity, faces per identity.
 */
export async function assessCaseRisk(
  db: Db,
  input: {
    tenant: Tenant;
    verification: Verification;
    identity: { firstName: string; lastName: string; dateOfBirth: string };
    face: Buffer | null;
    now: Date;
  },
): Promise<CaseRisk> {
  const { verification, identity } = input;
  const settings = await getCachedRiskSettings(db, input.tenant);
  const mimeType = input.face ? detectImageType(input.face) : null;
  const found = await riskEngineFor(input.tenant.mode).assess(
    {
      request: {
        first_name: identity.firstName,
        last_name: identity.lastName,
        email: verification.email,
        date_of_birth: identity.dateOfBirth,
      },
      thresholds: { aml: settings.amlThreshold, online_footprint: settings.onlineFootprintThreshold },
      faceScan: input.face && mimeType ? { mimeType, size: input.face.length, bytes: input.face } : null,
      report: "radar",
    },
    { db, tenant: input.tenant, assessmentId: verification.id, now: input.now },
  );
  if (!found.ok) return { enrichment: { check: "radar", outcome: "error", validations: {} }, observation: null };
  const signals = new Map(found.value.radar_verification_report.checks.map((c) => [c.name, c]));
  const state = (...names: string[]) => {
    const picked = names.map((n) => signals.get(n as never)).filter((c) => !!c);
    const failed = picked.find((c) => c.state === "FAIL");
    if (failed) return { status: "fail", ...(failed.reason ? { reason: failed.reason } : {}) };
    return { status: picked.length && picked.every((c) => c.state === "NOT_PERFORMED") ? "not_performed" : "pass" };
  };
  const domain = verification.email.split("@").at(-1) ?? "";
  const validations = {
    not_disposable_email: { status: isDisposableDomain(domain) ? "fail" : "pass" },
    normal_velocity_detected: state("email_velocity"),
    no_known_fraudster_match: state("known_blocklist_match", "email_linked_to_multiple_identities", "face_linked_to_multiple_identities"),
  };
  const outcome = Object.values(validations).some((v) => v.status === "fail") ? "fail" : "pass";
  return { enrichment: { check: "radar", outcome, validations }, observation: found.value.observation ?? null };
}
