import { dateOfBirthSchema, z } from "./common";

// POST /api/v1/verify/evisa (real-api.md): a UK eVisa checked by its Home Office share code.
const text = (max = 200) => z.string().trim().min(1, "Required").max(max);
/** Share codes are nine letters and digits; people write them in groups ("W7X 4YP 9ZQ"): spaces and case are ignored. */
export const shareCodeSchema = z
  .string()
  .transform((v) => v.replace(/[\s-]+/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{9}$/, "Must be a 9-character share code (letters and digits)"));

export const EVISA_FAILED_REASONS = [
  "SHARE_CODE_ERROR",
  "INCORRECT_DETAILS",
  "EVISA_NOT_YET_VALID",
  "EXPIRY_DATE_PASSED",
  "UNRECOGNISED_INDEFINITE_STATUS",
] as const;

export const evisaRequestSchema = z
  .discriminatedUnion("sub_type", [
    z
      .object({
        sub_type: z.literal("ImmigrationStatus"),
        payload: z
          .object({
            reason: text(500),
            job_title: text(),
            company_name: text(),
            date_of_birth: dateOfBirthSchema,
            share_code: shareCodeSchema,
          })
          .strict(),
      })
      .strict(),
    z
      .object({
        sub_type: z.literal("RightToWork"),
        payload: z.object({ company_name: text(), date_of_birth: dateOfBirthSchema, share_code: shareCodeSchema }).strict(),
      })
      .strict(),
    z
      .object({
        sub_type: z.literal("RightToRent"),
        payload: z
          .object({
            role: z.enum(["Agent", "Landlord"]),
            company_name: text(),
            date_of_birth: dateOfBirthSchema,
            share_code: shareCodeSchema,
          })
          .strict(),
      })
      .strict(),
  ])
  .openapi("EvisaVerificationInput");

const validation = z
  .object({ status: z.enum(["pass", "fail", "inconclusive"]), failed_reasons: z.array(z.enum(EVISA_FAILED_REASONS)).optional() })
  .openapi("EvisaValidationResult");

export const evisaResponseSchema = z
  .object({
    verification_method: z.literal("evisa"),
    evidence_type: z.enum(["immigration_status", "right_to_work", "right_to_rent"]),
    outcome: z.enum(["pass", "fail", "inconclusive"]),
    billable: z.boolean(),
    extracted_details: z
      .object({
        first_name: z.string().optional(),
        last_name: z.string().optional(),
        date_of_birth: z.string().optional(),
        share_code: z.string().optional(),
        reference_number: z.string().optional(),
        expiration_date: z.string().nullable().optional(),
        nationality: z.string().optional(),
        immigration_status: z.string().optional(),
        valid_from: z.string().nullable().optional(),
        evisa_conditions: z
          .union([
            z.object({
              extraction_success: z.boolean(),
              max_weekly_hours: z.string().nullable(),
              no_self_employment: z.string().nullable(),
            }),
            z.object({ extraction_success: z.boolean() }),
          ])
          .optional(),
      })
      .strict(),
    artefacts: z.array(
      z.object({
        role: z.enum(["document", "backside", "faceScan"]),
        download_url: z.string(),
        expires_at: z.string(),
        expires_in_seconds: z.number(),
      }),
    ),
    validations: z
      .object({
        evisa_exists: validation.optional(),
        required_fields_extracted: validation.optional(),
        evisa_started: validation.optional(),
        evisa_not_expired: validation.optional(),
      })
      .strict(),
  })
  .openapi("EvisaVerificationResponse");

export type EvisaRequest = z.output<typeof evisaRequestSchema>;
export type EvisaResponse = z.infer<typeof evisaResponseSchema>;
export type EvisaFailedReason = (typeof EVISA_FAILED_REASONS)[number];
