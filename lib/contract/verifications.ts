import { addressSchema, httpUrl, isoDate, isoDateTime, z } from "./common";

/** Wire values of `status` (wire-details). */
export const verificationStatusSchema = z
  .enum(["InProgress", "ReadyForReview", "Verified", "Refused", "Cancelled", "LockedOut", "Blocked", "ManuallyReviewed"])
  .openapi("VerificationStatus");
export type VerificationStatusValue = z.infer<typeof verificationStatusSchema>;

export const verificationEventSchema = z
  .enum(["Created", "UserCompleted", "ManuallyReviewed", "Verified", "Refused", "Expired"])
  .openapi("VerificationEvent");
export type VerificationEventName = z.infer<typeof verificationEventSchema>;

/** spec 2.2 plus wire-details' optional fields; `flow_id` is an alias of `workflow_id`. */
export const createVerificationRequestSchema = z
  .object({
    email: z.email("Must be an email address").max(320),
    workflow_id: z.string().min(1).max(100).optional(),
    flow_id: z.string().min(1).max(100).optional(),
    redirect_url: httpUrl.optional(),
    external_id: z.string().min(1).max(200).optional(),
    first_name: z.string().min(1).max(100).optional(),
    last_name: z.string().min(1).max(100).optional(),
    date_of_birth: isoDate.optional(),
    address: addressSchema.optional(),
    expires_at: isoDateTime.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.workflow_id && !body.flow_id) {
      ctx.addIssue({ code: "custom", path: ["workflow_id"], message: "Required (or flow_id)" });
    }
    if (body.workflow_id && body.flow_id && body.workflow_id !== body.flow_id) {
      ctx.addIssue({ code: "custom", path: ["flow_id"], message: "Must equal workflow_id when both are given" });
    }
  })
  .openapi("CreateVerificationRequest");
export type CreateVerificationRequest = z.infer<typeof createVerificationRequestSchema>;

export const createVerificationResponseSchema = z
  .object({
    url: z.url().openapi({ description: "Address to send the user to" }),
    id: z.string(),
    expires_at: isoDateTime,
    flow_id: z.string(),
    workflow_id: z.string(),
  })
  .openapi("CreateVerificationResponse");
export type CreateVerificationResponse = z.infer<typeof createVerificationResponseSchema>;

const validationSchema = z.object({ status: z.string(), score: z.number().optional() }).loose();

/** spec 2.4 (plus wire-details' `created_at` and `artefacts`). */
export const checkSchema = z
  .object({
    step: z.string(),
    outcome: z.string(),
    method: z.string().optional(),
    evidence_type: z.string().optional(),
    extracted_details: z.record(z.string(), z.unknown()).optional(),
    total_attempts: z.number().int().optional(),
    validations: z.record(z.string(), validationSchema).optional(),
    created_at: isoDateTime.optional(),
    artefacts: z
      .array(z.object({ role: z.enum(["document", "back_side", "face_scan"]), key: z.string(), mime_type: z.string() }))
      .optional(),
  })
  .loose()
  .openapi("Check");

export const enrichmentSchema = z
  .object({ check: z.string(), outcome: z.string(), validations: z.record(z.string(), validationSchema).optional() })
  .loose()
  .openapi("Enrichment");

export const claimDetailsSchema = z
  .object({
    first_name: z.string().nullable().optional(),
    last_name: z.string().nullable().optional(),
    date_of_birth: z.string().nullable().optional(),
    address: z.union([addressSchema, z.null()]).optional(),
    email: z.string().nullable().optional(),
    phone_number: z.string().nullable().optional(),
    first_line_of_address: z.string().nullable().optional(),
    postcode: z.string().nullable().optional(),
  })
  .openapi("ClaimDetails");

/** spec 2.3: the verification record; also every verification webhook's payload (plus `event`). */
export const verificationRecordSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    redirect_url: z.string().nullable(),
    status: verificationStatusSchema,
    verification_method: z.string().openapi({ example: "Document" }),
    created_at: isoDateTime,
    expires_at: isoDateTime,
    workflow_id: z.string(),
    flow_id: z.string(),
    external_id: z.string().nullable(),
    claim_details: claimDetailsSchema,
    checks: z.array(checkSchema),
    enrichments: z.array(enrichmentSchema),
  })
  .openapi("Verification");
export type VerificationRecord = z.infer<typeof verificationRecordSchema>;

export const verificationIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" }, example: "333" }),
});

export const verificationListQuerySchema = z.object({
  status: verificationStatusSchema.optional().openapi({ param: { name: "status", in: "query" } }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: "cursor", in: "query" }, description: "The `X-Next-Cursor` header of the previous page" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(25)
    .openapi({ param: { name: "limit", in: "query" } }),
});
export type VerificationListQuery = z.infer<typeof verificationListQuerySchema>;

/** real-api.md: the list is a bare JSON array; the next page's cursor travels in headers (wire-details). */
export const verificationListSchema = z.array(verificationRecordSchema).openapi("VerificationList");
export type VerificationList = z.infer<typeof verificationListSchema>;
/** One page: the records and the cursor of the next page (null on the last). */
export interface VerificationPage {
  verifications: VerificationList;
  nextCursor: string | null;
}
