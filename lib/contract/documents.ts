import { addressSchema, isoDate, jsonField, z } from "./common";

// POST /api/v1/verify/photo-id and /api/v1/verify/supporting-documents (real-api.md). Field names
// are the real API's; `first_name`, `last_name`, `date_of_birth` and `address` are optional
// additions (decision): given, the document is also compared with them (`names_consistent`,
// `dates_of_birth_consistent`, `name_matches`, `address_matches`).

/** Accepted spellings of `sub_type` → the wire evidence type; the real API's SDK sends PascalCase. */
export const PHOTO_ID_SUB_TYPES = {
  Passport: "passport",
  NationalId: "national_id",
  DrivingLicence: "driving_licence",
  PassCard: "pass_card",
  UnfamiliarPhotoId: "unfamiliar_photo_id",
} as const;
/** The kinds this engine reads; the others are answered 501. */
export const READABLE_PHOTO_IDS = ["passport", "national_id", "driving_licence"] as const;

export const SUPPORTING_DOCUMENT_TYPES = [
  "bank_statement",
  "utility_bill",
  "council_tax_bill",
  "payslip",
  "credit_card_statement",
  "mortgage_statement",
  "mobile_phone_bill",
  "pension_annual_statement",
  "benefits_letter",
  "hmpps_letter",
  "nhs_letter",
  "paye_tax_summary",
] as const;

const pascalToSnake = (v: string) => v.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
const file = (description: string) => z.file({ error: "Must be a file upload" }).openapi({ type: "string", format: "binary", description });
const claimName = z.string().trim().min(1, "Must not be empty").max(100).optional();

const photoIdSubType = z
  .string({ error: "Required" })
  .transform((v) => pascalToSnake(v.trim()))
  .pipe(z.enum(Object.values(PHOTO_ID_SUB_TYPES), { error: `Must be one of ${Object.keys(PHOTO_ID_SUB_TYPES).join(", ")}` }))
  .openapi({ type: "string", example: "Passport", description: `${Object.keys(PHOTO_ID_SUB_TYPES).join(", ")} (snake_case accepted)` });

export const verifyPhotoIdRequestSchema = z
  .object({
    sub_type: photoIdSubType,
    front: file("The document's front (the data page of a passport): JPEG or PNG, at most 10 MB"),
    back: file("The back of an ID card (where a TD1 card carries its MRZ): JPEG or PNG, at most 10 MB").optional(),
    country_code: z
      .string()
      .regex(/^[A-Za-z]{2,3}$/, "Must be a two- or three-letter country code")
      .transform((v) => v.toUpperCase())
      .optional(),
    face_scan: file("A selfie to match with the document's portrait: JPEG or PNG, at most 10 MB").optional(),
    first_name: claimName,
    last_name: claimName,
    date_of_birth: isoDate.optional(),
  })
  .strict()
  .openapi("VerifyPhotoIdBody");
export type VerifyPhotoIdRequest = z.output<typeof verifyPhotoIdRequestSchema>;

/** `minimum_document_length`: how recent the document must be: days ("90"), or "90d", "3m", "3 months". */
const documentAge = z
  .string()
  .trim()
  .regex(/^\d{1,4}\s*(d|days?|m|months?)?$/i, 'Must be a number of days ("90") or months ("3m", "3 months")')
  .transform((v) => {
    const n = Number(v.match(/^\d+/)![0]);
    return /m/i.test(v) ? n * 30.4375 : n;
  })
  .pipe(z.number().min(1, "Must be at least one day").max(3660, "Must be at most ten years"))
  .openapi({ type: "string", example: "3 months" });

export const verifySupportingDocumentRequestSchema = z
  .object({
    document: file("A bank statement, utility or council tax bill, payslip…: PDF, JPEG or PNG, at most 10 MB"),
    sub_type: z
      .string({ error: "Required" })
      .transform((v) => pascalToSnake(v.trim()))
      .pipe(z.enum(SUPPORTING_DOCUMENT_TYPES, { error: `Must be one of ${SUPPORTING_DOCUMENT_TYPES.join(", ")}` }))
      .openapi({ type: "string", example: "utility_bill" }),
    minimum_document_length: documentAge.optional(),
    first_name: claimName,
    last_name: claimName,
    address: jsonField(
      addressSchema,
      "JSON address object to compare with the document's address",
      '{"residence_number":"10","street":"Downing Street","city":"London","postcode":"SW1A 2AA"}',
    ).optional(),
  })
  .strict()
  .openapi("VerifySupportingDocumentBody");
export type VerifySupportingDocumentRequest = z.output<typeof verifySupportingDocumentRequestSchema>;

export const validationSchema = z
  .object({
    status: z.enum(["pass", "fail", "not_performed"]),
    failed_reasons: z.array(z.string()).optional(),
    score: z.number().optional(),
    message: z.string().optional(),
    metadata: z.object({ mismatches: z.array(z.string()) }).optional(),
  })
  .openapi("DocumentValidation");

const retakeSchema = z
  .object({ reason: z.string(), message: z.string() })
  .nullable()
  .openapi({ description: "Set when the document could not be read with certainty: what to fix in another capture" });

const nullableString = z.string().nullable();

export const photoIdVerificationResponseSchema = z
  .object({
    verification_method: z.literal("photo_id"),
    billable: z.boolean(),
    evidence_type: z.enum(Object.values(PHOTO_ID_SUB_TYPES)),
    outcome: z.enum(["pass", "fail"]),
    extracted_details: z.record(z.string(), nullableString),
    validations: z.record(z.string(), validationSchema),
    retake: retakeSchema,
  })
  .openapi("PhotoIdVerificationResponse");
export type PhotoIdVerificationResponse = z.infer<typeof photoIdVerificationResponseSchema>;

export const supportingDocumentAddressSchema = z
  .object({
    residence_number: z.string().optional(),
    building_name: z.string().optional(),
    street: z.string().optional(),
    city: z.string().optional(),
    postcode: z.string().optional(),
    region: z.string().optional(),
  })
  .openapi("SupportingDocumentExtractedAddress");

export const supportingDocumentVerificationResponseSchema = z
  .object({
    verification_method: z.literal("supporting_document"),
    evidence_type: z.string(),
    billable: z.boolean(),
    outcome: z.enum(["pass", "fail"]),
    extracted_details: z.object({
      first_name: nullableString,
      last_name: nullableString,
      first_line_of_address: nullableString,
      postcode: nullableString,
      addresses_formatted: z.array(supportingDocumentAddressSchema),
      document_date: nullableString,
      document_category: nullableString,
      unique_identifier: nullableString,
      issuer: nullableString,
    }),
    validations: z.record(z.string(), validationSchema),
    retake: retakeSchema,
  })
  .openapi("SupportingDocumentVerificationResponse");
export type SupportingDocumentVerificationResponse = z.infer<typeof supportingDocumentVerificationResponseSchema>;
