import type { EvisaFailedReason, EvisaRequest, EvisaResponse } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { EvisaRecord } from "@/lib/db/schema";
import { SANDBOX_EVISA_ERROR_CODE, SANDBOX_EVISA_RETRY_SECONDS, sandboxEvisaRecord } from "../sandbox/evisa";
import { fail, ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { builtInEvisaProvider, EvisaUnavailableError, type EvisaLookup, type EvisaProvider } from "./evisa-provider";

/*
 * POST /api/v1/verify/evisa (real-api.md, issue 16): a share code and the holder's date of birth
 * checked against the eVisa they name. The record's details are only shown when the date of birth
 * matches (a share code alone reveals nothing); then the eVisa must have started and not expired
 * (an indefinite status has no expiry). Right-to-work answers carry the work conditions.
 */

const EVIDENCE_TYPE = { ImmigrationStatus: "immigration_status", RightToWork: "right_to_work", RightToRent: "right_to_rent" } as const;

type Validation = { status: "pass" | "fail" | "inconclusive"; failed_reasons?: EvisaFailedReason[] };
const pass = (): Validation => ({ status: "pass" });
const failed = (reason: EvisaFailedReason): Validation => ({ status: "fail", failed_reasons: [reason] });

export async function verifyEvisa(
  db: Db,
  tenant: Tenant,
  request: EvisaRequest,
  options: { provider?: EvisaProvider; now?: Date } = {},
): Promise<Result<EvisaResponse>> {
  const { share_code: shareCode, date_of_birth: dateOfBirth } = request.payload;
  const sandbox = tenant.mode === "sandbox";
  let lookup: EvisaLookup;
  if (sandbox) {
    if (shareCode === SANDBOX_EVISA_ERROR_CODE) return unavailable(SANDBOX_EVISA_RETRY_SECONDS);
    const record = sandboxEvisaRecord(shareCode, dateOfBirth);
    lookup = record ? { found: true, record } : { found: false };
  } else {
    try {
      lookup = await (options.provider ?? builtInEvisaProvider).lookUp(db, shareCode);
    } catch (error) {
      if (error instanceof EvisaUnavailableError) return unavailable(error.retryAfterSeconds);
      console.error("[evisa] the provider failed:", error);
      return unavailable(60);
    }
  }
  const base = { verification_method: "evisa" as const, evidence_type: EVIDENCE_TYPE[request.sub_type], billable: !sandbox, artefacts: [] };
  // Nothing about the eVisa is shown unless the date of birth is its holder's.
  if (!lookup.found || lookup.record.dateOfBirth !== dateOfBirth) {
    const reason: EvisaFailedReason = lookup.found ? "INCORRECT_DETAILS" : "SHARE_CODE_ERROR";
    return ok({
      ...base,
      outcome: "fail",
      extracted_details: {},
      validations: {
        evisa_exists: failed(reason),
        required_fields_extracted: failed(reason),
        evisa_started: failed(reason),
        evisa_not_expired: failed(reason),
      },
    });
  }
  const record = lookup.record;
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const started = !record.validFrom || record.validFrom <= today ? pass() : failed("EVISA_NOT_YET_VALID");
  const notExpired: Validation = !record.statusRecognised
    ? { status: request.sub_type === "ImmigrationStatus" ? "inconclusive" : "fail", failed_reasons: ["UNRECOGNISED_INDEFINITE_STATUS"] }
    : started.status === "fail"
      ? failed("EVISA_NOT_YET_VALID")
      : !record.expirationDate || record.expirationDate >= today
        ? pass()
        : failed("EXPIRY_DATE_PASSED");
  const validations = { evisa_exists: pass(), required_fields_extracted: pass(), evisa_started: started, evisa_not_expired: notExpired };
  const statuses = Object.values(validations).map((v) => v.status);
  const outcome = statuses.includes("fail") ? "fail" : statuses.includes("inconclusive") ? "inconclusive" : "pass";
  return ok({ ...base, outcome, extracted_details: details(request, record), validations });
}

function details(request: EvisaRequest, record: EvisaRecord): EvisaResponse["extracted_details"] {
  const common = {
    first_name: record.firstName,
    last_name: record.lastName,
    date_of_birth: record.dateOfBirth,
    share_code: record.shareCode,
    reference_number: record.referenceNumber,
    expiration_date: record.expirationDate,
  };
  if (request.sub_type === "ImmigrationStatus") {
    return {
      ...common,
      ...(record.nationality ? { nationality: record.nationality } : {}),
      immigration_status: record.immigrationStatus,
      valid_from: record.validFrom,
    };
  }
  if (request.sub_type === "RightToRent") return { ...common, valid_from: record.validFrom };
  return {
    ...common,
    evisa_conditions: { extraction_success: true, max_weekly_hours: record.maxWeeklyHours, no_self_employment: record.noSelfEmployment },
  };
}

function unavailable(retryAfterSeconds: number): Result<never> {
  return fail("unavailable", "The eVisa service is not answering right now: try again shortly", {
    retryAfterSeconds,
    code: "evisa_unavailable",
  });
}
