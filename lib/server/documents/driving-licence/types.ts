import type { DocumentIdentity } from "../types";

/** real-api.md `DrivingLicenceFailedReason`. */
export type DrivingLicenceFailedReason =
  | "PARTIAL_EXTRACTION"
  | "EXPIRY_DATE_PASSED"
  | "INVALID_DOCUMENT_DATE_FORMAT"
  | "DOCUMENT_FEATURE_MISSING"
  | "INVALID_ID_FORMAT"
  | "CONTAINS_UNWANTED_PHRASES"
  | "INVALID_ISSUING_AUTHORITY";

export type LicenceCheck = { status: "pass" } | { status: "fail"; failed_reasons: DrivingLicenceFailedReason[] };

/** real-api.md `DrivingLicenceExtractedDetails`. */
export interface DrivingLicenceExtracted {
  first_name: string | null;
  last_name: string | null;
  document_number: string | null;
  date_of_birth: string | null;
  expiration_date: string | null;
  issuing_authority: string | null;
  date_of_issue: string | null;
  issuing_country: "GB" | null;
}

export type RetakeReason = "no_document" | "blurred" | "glare" | "too_small" | "cut_off" | "unreadable" | "wrong_side" | "wrong_type";

export interface DrivingLicenceReading {
  identity: DocumentIdentity;
  extracted: DrivingLicenceExtracted;
  validations: {
    required_fields_extracted: LicenceCheck;
    has_not_expired: LicenceCheck;
    document_features_present: LicenceCheck;
  };
  /**
   * True only when both OCR passes read every field alike and the licence number's structure
   * agrees with the printed surname, date of birth and initials. Never accept a reading without it.
   */
  certain: boolean;
  retake: null | { reason: RetakeReason; message: string };
  /** The printed portrait's box in the input image's px (when the card was found). */
  faceBox?: { x: number; y: number; width: number; height: number };
}
