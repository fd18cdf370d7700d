import type { VerificationEventName, VerificationRecord } from "@/lib/contract";
import { cacheJson } from "../http/cached-json";

// spec 4.10 and wire-details: the canned sandbox verifications 111–999. Stable values, no real people.

const CREATED = "2026-01-05T09:00:00.000Z";
const EXPIRES = "2026-01-12T09:00:00.000Z";
const REDIRECT = "https://www.example.com/verification-complete";

const pass = { status: "pass" } as const;
const fail = { status: "fail" } as const;

const person = {
  jdoe: { first_name: "John", last_name: "Doe", date_of_birth: "1990-01-01", email: "jdoe@email.com" },
  dwebb: { first_name: "David", last_name: "Webb", date_of_birth: "1985-07-14", email: "dwebb@email.com" },
  eroberts: { first_name: "Emma", last_name: "Roberts", date_of_birth: "1992-03-21", email: "eroberts@email.com" },
};

const bakerStreet = {
  residence_number: "221B",
  street: "Baker Street",
  city: "London",
  postcode: "NW1 6XE",
  country_code: "GB",
  country: "United Kingdom",
};

function claim(who: keyof typeof person, email = person[who].email) {
  return {
    ...person[who],
    email,
    phone_number: null,
    address: bakerStreet,
    first_line_of_address: "221B Baker Street",
    postcode: bakerStreet.postcode,
  };
}

const passport = (outcome: "pass" | "fail", names: typeof pass | typeof fail = pass) => ({
  step: "step_identity",
  outcome,
  method: "photo_id",
  evidence_type: "passport",
  created_at: "2026-01-05T09:04:00.000Z",
  extracted_details: { document_number: "925076473", expiration_date: "2031-08-30", issuing_country: "GBR" },
  validations: {
    names_consistent: names,
    dates_of_birth_consistent: pass,
    has_not_expired: pass,
    icao_format_valid: pass,
    tampering_signals_check: pass,
  },
  artefacts: [{ role: "document" as const, key: "sandbox/passport.jpg", mime_type: "image/jpeg" }],
});

const selfie = (outcome: "pass" | "fail", attempts: number, faceMatch: typeof pass | typeof fail, score: number) => ({
  step: "video_selfie",
  outcome,
  method: "video_selfie",
  created_at: "2026-01-05T09:06:00.000Z",
  total_attempts: attempts,
  validations: { liveness_check: { status: "pass", score }, face_match: faceMatch },
  artefacts: [{ role: "face_scan" as const, key: "sandbox/selfie.jpg", mime_type: "image/jpeg" }],
});

const addressEvidence = (evidence: string, outcome: string, validations: Record<string, { status: string }>) => ({
  step: "step_address",
  outcome,
  method: "address_evidence",
  evidence_type: evidence,
  created_at: "2026-01-05T09:08:00.000Z",
  validations,
  artefacts: [{ role: "document" as const, key: `sandbox/${evidence}.pdf`, mime_type: "application/pdf" }],
});

const vouch = (outcome: string, validations: Record<string, { status: string }>) => ({
  step: "step_vouch",
  outcome,
  method: "vouch",
  created_at: "2026-01-05T09:10:00.000Z",
  validations,
});

const radar = (outcome: "pass" | "fail", disposable: typeof pass | typeof fail = pass) => ({
  check: "radar",
  outcome,
  validations: { not_disposable_email: disposable, normal_velocity_detected: pass, no_known_fraudster_match: pass },
});

function record(
  id: string,
  fields: Omit<VerificationRecord, "id" | "created_at" | "expires_at" | "redirect_url" | "external_id" | "flow_id">,
): VerificationRecord {
  return cacheJson({
    id,
    created_at: CREATED,
    expires_at: EXPIRES,
    redirect_url: REDIRECT,
    external_id: `sandbox-${id}`,
    flow_id: fields.workflow_id,
    ...fields,
  });
}

export const SANDBOX_VERIFICATIONS: Readonly<Record<string, VerificationRecord>> = {
  // New case, nothing submitted.
  "111": record("111", {
    email: "jdoe@email.com",
    status: "InProgress",
    verification_method: "Document",
    workflow_id: "sandbox-flow",
    claim_details: claim("jdoe"),
    checks: [],
    enrichments: [],
  }),
  // All evidence submitted; the bank statement is a copy, so checking continues.
  "222": record("222", {
    email: "eroberts@email.com",
    status: "ReadyForReview",
    verification_method: "Document",
    workflow_id: "sandbox-flow",
    claim_details: claim("eroberts"),
    checks: [
      passport("pass"),
      selfie("pass", 1, pass, 0.97),
      addressEvidence("bank_statement", "processing", { names_consistent: pass, is_original_document: fail }),
    ],
    enrichments: [radar("pass")],
  }),
  // Selfie, passport and energy bill all pass automatically.
  "333": record("333", {
    email: "dwebb@email.com",
    status: "Verified",
    verification_method: "Document",
    workflow_id: "sandbox-flow",
    claim_details: claim("dwebb"),
    checks: [
      passport("pass"),
      selfie("pass", 1, pass, 0.99),
      addressEvidence("energy_bill", "pass", { names_consistent: pass, is_original_document: pass, issued_recently: pass }),
    ],
    enrichments: [radar("pass")],
  }),
  // Disposable email, name matches neither document, an AML check returns a match.
  "444": record("444", {
    email: "e.roberts.9421@mailinator.com",
    status: "Refused",
    verification_method: "Document",
    workflow_id: "sandbox-flow-enhanced",
    claim_details: claim("eroberts", "e.roberts.9421@mailinator.com"),
    checks: [
      passport("fail", fail),
      selfie("pass", 1, pass, 0.95),
      addressEvidence("energy_bill", "fail", { names_consistent: fail, is_original_document: pass }),
    ],
    enrichments: [radar("fail", fail), { check: "aml", outcome: "fail", validations: { no_sanctions_match: fail, no_pep_match: pass } }],
  }),
  // Address confirmed; only the vouch step remains.
  "555": record("555", {
    email: "eroberts@email.com",
    status: "InProgress",
    verification_method: "Vouch",
    workflow_id: "sandbox-flow-professional-referee",
    claim_details: claim("eroberts"),
    checks: [
      addressEvidence("bank_statement", "pass", { names_consistent: pass, is_original_document: pass }),
      vouch("pending", { referee_invited: pass }),
    ],
    enrichments: [],
  }),
  // Identity established by a vouch.
  "666": record("666", {
    email: "eroberts@email.com",
    status: "Verified",
    verification_method: "Vouch",
    workflow_id: "sandbox-flow-referee",
    claim_details: claim("eroberts"),
    checks: [vouch("pass", { referee_invited: pass, referee_identity_verified: pass, referee_liveness_check: pass })],
    enrichments: [radar("pass")],
  }),
  // The liveness selfie does not match the passport face.
  "777": record("777", {
    email: "dwebb@email.com",
    status: "LockedOut",
    verification_method: "Document",
    workflow_id: "sandbox-flow",
    claim_details: claim("dwebb"),
    checks: [passport("pass"), selfie("fail", 3, fail, 0.91)],
    enrichments: [],
  }),
  // Address-only check with two supporting documents.
  "888": record("888", {
    email: "eroberts@email.com",
    status: "Verified",
    verification_method: "Address",
    workflow_id: "sandbox-flow-address-only",
    claim_details: claim("eroberts"),
    checks: [
      addressEvidence("energy_bill", "pass", { names_consistent: pass, is_original_document: pass, issued_recently: pass }),
      addressEvidence("bank_statement", "pass", { names_consistent: pass, is_original_document: pass, issued_recently: pass }),
    ],
    enrichments: [],
  }),
  // Vouch outstanding; the referee is locked out on their own selfie.
  "999": record("999", {
    email: "eroberts@email.com",
    status: "InProgress",
    verification_method: "Vouch",
    workflow_id: "sandbox-flow-referee",
    claim_details: claim("eroberts"),
    checks: [vouch("pending", { referee_invited: pass, referee_liveness_check: fail })],
    enrichments: [],
  }),
};

/** spec 6: the only events each canned case can send. */
export const SANDBOX_VERIFICATION_EVENTS: Readonly<Record<string, readonly VerificationEventName[]>> = {
  "111": ["Created", "Expired"],
  "222": ["Created", "UserCompleted", "ManuallyReviewed"],
  "333": ["Created", "Verified"],
  "444": ["Created", "Refused"],
  "555": ["Created", "UserCompleted", "Expired"],
  "666": ["Created", "UserCompleted", "Verified"],
  "777": ["Created"],
  "888": ["Created", "Verified"],
  "999": ["Created", "UserCompleted", "Expired"],
};

export function sandboxVerification(id: string): VerificationRecord | undefined {
  return Object.hasOwn(SANDBOX_VERIFICATIONS, id) ? SANDBOX_VERIFICATIONS[id] : undefined;
}
