import type { PhotoIdVerificationResponse, SupportingDocumentVerificationResponse } from "@/lib/contract";

/*
 * Sandbox answers of the direct document endpoints (decision; real-api.md gives the shapes): no
 * document is read and nothing is billed. The input is checked exactly as in live first (type by
 * magic bytes, size, pixels, sub_type); then every well-formed request gets the same stable
 * record of its evidence type, so an integration can be built against fixed values:
 * - photo ID: a passing document of the sub_type with the holder "Erika Roberts" (the spec's
 *   sandbox person), document number 925076473, expiring 2031-08-30, issued by GBR; a `face_scan`
 *   adds a passing `face_match` with score 0.91.
 * - supporting document: a passing record of the sub_type for 221B Baker Street, NW1 6XE,
 *   dated 2026-01-02, issuer "Sandbox Utilities Ltd".
 */

const pass = { status: "pass" as const };

export const SANDBOX_PHOTO_ID_DETAILS = {
  first_name: "ERIKA",
  last_name: "ROBERTS",
  document_number: "925076473",
  date_of_birth: "1990-02-03",
  expiration_date: "2031-08-30",
  issuing_country: "GBR",
  nationality: "GBR",
  sex: "F",
} as const;

export function sandboxPhotoIdResponse(
  evidenceType: PhotoIdVerificationResponse["evidence_type"],
  withFaceScan: boolean,
): PhotoIdVerificationResponse {
  const licence = evidenceType === "driving_licence";
  const extracted: Record<string, string | null> = licence
    ? {
        ...SANDBOX_PHOTO_ID_DETAILS,
        document_number: "ROBER902030E99AB",
        issuing_country: "GB",
        issuing_authority: "DVLA",
        date_of_issue: "2021-08-31",
      }
    : {
        ...SANDBOX_PHOTO_ID_DETAILS,
        ...(evidenceType === "passport" ? { date_of_issue: null } : {}),
        icao_format: evidenceType === "passport" ? "TD3" : "TD1",
        mrz_code: null,
      };
  const validations: PhotoIdVerificationResponse["validations"] = licence
    ? { required_fields_extracted: pass, has_not_expired: pass, document_features_present: pass, document_contains_face: pass }
    : {
        required_fields_extracted: pass,
        mrz_check_digits_valid: pass,
        icao_format_valid: pass,
        has_not_expired: pass,
        not_specimen: pass,
        document_contains_face: pass,
      };
  if (withFaceScan) validations.face_match = { status: "pass", score: 0.91 };
  return {
    verification_method: "photo_id",
    billable: false,
    evidence_type: evidenceType,
    outcome: "pass",
    extracted_details: extracted,
    validations,
    retake: null,
  };
}

export function sandboxSupportingDocumentResponse(evidenceType: string): SupportingDocumentVerificationResponse {
  return {
    verification_method: "supporting_document",
    evidence_type: evidenceType,
    billable: false,
    outcome: "pass",
    extracted_details: {
      first_name: "ERIKA",
      last_name: "ROBERTS",
      first_line_of_address: "221B Baker Street",
      postcode: "NW1 6XE",
      addresses_formatted: [{ residence_number: "221B", street: "Baker Street", city: "London", postcode: "NW1 6XE" }],
      document_date: "2026-01-02",
      document_category: evidenceType,
      unique_identifier: "SBX-000123",
      issuer: "Sandbox Utilities Ltd",
    },
    validations: { required_fields_extracted: pass, category_match: pass, document_age_valid: pass, document_complete_and_legible: pass },
    retake: null,
  };
}
