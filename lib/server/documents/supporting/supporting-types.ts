import type { IdentityClaim } from "../types";
import type { Validations } from "../validation";

/* What reading an address document takes and gives: read by the reader and by the pool's task table alike. */

export interface SupportingInput {
  document: Buffer;
  subType?: string;
  claim?: IdentityClaim | null;
  maxAgeDays?: number;
  now?: Date;
}
export interface SupportingResult {
  outcome: "pass" | "fail";
  evidenceType: string;
  extractedDetails: {
    first_name: string | null;
    last_name: string | null;
    first_line_of_address: string | null;
    postcode: string | null;
    addresses_formatted: {
      residence_number?: string;
      building_name?: string;
      street?: string;
      city?: string;
      postcode?: string;
      region?: string;
    }[];
    document_date: string | null;
    document_category: string | null;
    unique_identifier: string | null;
    issuer: string | null;
  };
  validations: Validations;
  /** What to fix in another capture (reasons: unreadable, too_old, no_name, no_address, wrong_type). */
  retake: { reason: string; message: string } | null;
}
