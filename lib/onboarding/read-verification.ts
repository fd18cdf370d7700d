import "server-only";
import { ServiceApiError, type ServiceClient } from "@/lib/client";
import type { VerificationStatusValue } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { getApplicant, recordVerificationStatus } from "./applicants";
import type { Applicant } from "./schema";
import { applicantStateFor, isSettled } from "./states";

export interface VerificationView {
  applicantId: string;
  firstName: string;
  status: VerificationStatusValue;
  expired: boolean;
  settled: boolean;
}

export type ReadVerificationResult = { ok: true; view: VerificationView } | { ok: false; reason: "not_found" | "unavailable" };

/**
 * The return page's read (spec 4.3: "read it once the user returns to the redirect URL"): the
 * applicant's verification, fresh from the service through the client, recorded on the applicant.
 */
export async function readVerification(
  deps: { db: Db; client: ServiceClient; log?: (m: string, e?: unknown) => void },
  applicantId: string,
): Promise<ReadVerificationResult> {
  const applicant: Applicant | undefined = await getApplicant(deps.db, applicantId);
  if (!applicant?.verificationId) return { ok: false, reason: "not_found" };
  let record;
  try {
    record = await deps.client.getVerification(applicant.verificationId);
  } catch (error) {
    if (error instanceof ServiceApiError && error.status === 404) return { ok: false, reason: "not_found" };
    (deps.log ?? ((m, e) => console.error(`[onboarding] ${m}`, e)))(`reading verification ${applicant.verificationId} failed`, error);
    return { ok: false, reason: "unavailable" };
  }
  const expired = Date.parse(record.expires_at) <= Date.now();
  if (record.status !== applicant.verificationStatus || applicantStateFor(record.status, expired) !== applicant.state) {
    await recordVerificationStatus(deps.db, {
      applicantId,
      verificationId: record.id,
      status: record.status,
      state: applicantStateFor(record.status, expired),
    });
  }
  return {
    ok: true,
    view: { applicantId, firstName: applicant.firstName, status: record.status, expired, settled: isSettled(record.status, expired) },
  };
}
