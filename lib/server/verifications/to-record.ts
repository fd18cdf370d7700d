import type { VerificationRecord } from "@/lib/contract";
import type { Verification } from "@/lib/db/schema";

/** The stored case as the wire record of spec 2.3. */
export function toVerificationRecord(row: Verification): VerificationRecord {
  return {
    id: row.id,
    email: row.email,
    redirect_url: row.redirectUrl,
    status: row.status,
    verification_method: row.verificationMethod,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    workflow_id: row.workflowId,
    flow_id: row.workflowId,
    external_id: row.externalId,
    claim_details: row.claimDetails as VerificationRecord["claim_details"],
    checks: row.checks as VerificationRecord["checks"],
    enrichments: row.enrichments as VerificationRecord["enrichments"],
  };
}
