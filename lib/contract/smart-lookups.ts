import { addressSchema, dateOfBirthSchema, personNameSchema, phoneSchema, thresholdSchema, z } from "./common";

// POST /api/v1/smart-lookups (real-api.md): the risk endpoint's enrichments (credit bureau, online
// footprint, AML with optional monitoring) asked directly, with the real API's names and shapes.
export const SMART_LOOKUP_CHECKS = ["CreditBureau", "OnlineFootprint", "AML"] as const;
const checkStateSchema = z.enum(["PASS", "FAIL", "INCONCLUSIVE", "PARTIAL", "NOT_PERFORMED"]);
/** The real API's `Reason` values this deployment gives (the others are not produced by its engines). */
export const SMART_LOOKUP_REASONS = ["NO_IDENTITY_MATCH", "NO_RESIDENCY_MATCH"] as const;
const checkResultSchema = z
  .object({ state: checkStateSchema, reason: z.enum(SMART_LOOKUP_REASONS).optional() })
  .openapi("SmartLookupCheckResult");

export const smartLookupRequestSchema = z
  .object({
    first_name: personNameSchema,
    last_name: personNameSchema,
    checks: z
      .array(z.enum(SMART_LOOKUP_CHECKS))
      .min(1, "Name at least one check")
      .refine((list) => new Set(list).size === list.length, "A check appears twice"),
    address: addressSchema.optional(),
    first_line_of_address: z.string().trim().min(1).max(200).optional(),
    postcode: z.string().trim().min(1).max(16).optional(),
    email: z.email("Must be an email address").max(320).optional(),
    phone: phoneSchema.optional(),
    date_of_birth: dateOfBirthSchema.optional(),
    thresholds: z.object({ aml: thresholdSchema.optional(), onlineFootprint: thresholdSchema.optional() }).strict().optional(),
    alerts_enabled: z.boolean().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const need = (path: string, why: string) => ctx.addIssue({ code: "custom", path: [path], message: why });
    if (body.checks.includes("CreditBureau")) {
      if (!body.date_of_birth) need("date_of_birth", "Required with CreditBureau");
      const address = body.address;
      if (address) {
        if (!address.residence_number && !address.building_name)
          need("address", "Needs residence_number or building_name with CreditBureau");
        if (!address.postcode) need("address", "Needs postcode with CreditBureau");
      } else if (!body.first_line_of_address || !body.postcode)
        need("address", "Required with CreditBureau (or first_line_of_address and postcode)");
    }
    if (body.checks.includes("OnlineFootprint") && !body.email) need("email", "Required with OnlineFootprint");
    if (body.alerts_enabled && !body.checks.includes("AML")) need("alerts_enabled", "Monitoring needs the AML check");
    if (body.alerts_enabled && !body.date_of_birth) need("date_of_birth", "Required to monitor a person (alerts_enabled)");
  })
  .openapi("SmartLookupInput");

const report = <const N extends readonly [string, ...string[]]>(names: N, id: string, optional: readonly N[number][] = []) =>
  z
    .object({
      state: checkStateSchema,
      checks: z.object(
        Object.fromEntries(names.map((n) => [n, optional.includes(n) ? checkResultSchema.optional() : checkResultSchema])) as Record<
          N[number],
          typeof checkResultSchema
        >,
      ),
    })
    .openapi(id);

export const smartLookupResponseSchema = z
  .object({
    id: z.string(),
    team_id: z.string(),
    checks: z.array(z.enum(SMART_LOOKUP_CHECKS)),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    first_line_of_address: z.string().nullable(),
    postcode: z.string().nullable(),
    address: z.union([addressSchema, z.null()]),
    date_of_birth: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    credit_bureau_verification_report: report(["IDENTITY_MATCH", "RESIDENCY_MATCH"], "CreditBureauVerificationReport").optional(),
    online_footprint_verification_report: report(["EMAIL_SCORE", "PHONE_SCORE"], "OnlineFootprintVerificationReport", [
      "PHONE_SCORE",
    ]).optional(),
    aml_verification_report: report(["AML_SANCTIONS_CHECK"], "AmlVerificationReport").optional(),
    billable: z.boolean(),
    metadata: z.object({
      thresholds: z.object({ onlineFootprint: z.number(), aml: z.number() }),
      billable: z.boolean().optional(),
      creditBureauVerification: z.record(z.string(), z.unknown()).optional(),
      onlineFootprintVerification: z.record(z.string(), z.unknown()).optional(),
      amlVerification: z.record(z.string(), z.unknown()).optional(),
    }),
    alerts_enabled_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("GetSmartLookupResponse");

export type SmartLookupRequest = z.output<typeof smartLookupRequestSchema>;
export type SmartLookupResponse = z.infer<typeof smartLookupResponseSchema>;
