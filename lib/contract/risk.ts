import { addressSchema, dateOfBirthSchema, isoDateTime, jsonField, personNameSchema, phoneSchema, thresholdSchema, z } from "./common";

// POST /api/v2/risk (spec 2.5–2.8, 4.4; wire-details: risk).

/** Enrichment names and the checks each one reports (wire-details; `NFD_MATCH` is our decision). */
export const RISK_ENRICHMENT_CHECKS = {
  CREDIT_BUREAU: ["IDENTITY_MATCH", "RESIDENCY_MATCH"],
  ONLINE_FOOTPRINT: ["EMAIL_SCORE", "PHONE_SCORE"],
  AML: ["AML_SANCTIONS_CHECK"],
  NFD: ["NFD_MATCH"],
} as const;
export const riskEnrichmentSchema = z.enum(["CREDIT_BUREAU", "ONLINE_FOOTPRINT", "AML", "NFD"]).openapi("RiskEnrichment");
export type RiskEnrichment = z.infer<typeof riskEnrichmentSchema>;

export const RISK_THRESHOLD_DEFAULTS = { aml: 96, online_footprint: 50 } as const;
const ENRICHMENTS = riskEnrichmentSchema.options.join(", ");

// Lower-case spellings come from the experimental description (spec 2.5); any case is accepted.
const enrichmentListSchema = z
  .array(
    z
      .string({ error: `Must be one of ${ENRICHMENTS}` })
      .transform((name) => name.toUpperCase())
      .pipe(z.enum(riskEnrichmentSchema.options, { error: `Must be one of ${ENRICHMENTS}` })),
    { error: "Must be a JSON array of enrichment names" },
  )
  // Refused rather than merged: the REVIEW outcome depends on which enrichment came last.
  .superRefine((list, ctx) => {
    list.forEach((name, i) => {
      if (list.indexOf(name) !== i) ctx.addIssue({ code: "custom", path: [i], message: `Duplicate of ${name}` });
    });
  });

const thresholdsSchema = z
  .object({ aml: thresholdSchema.optional(), online_footprint: thresholdSchema.optional() }, { error: "Must be a JSON object" })
  .strict();

/** spec 2.5: the multipart form (wire-details: risk), validated and normalised. */
export const riskRequestSchema = z
  .object({
    first_name: personNameSchema,
    last_name: personNameSchema,
    email: z.email({ error: (issue) => (issue.input === undefined ? "Required" : "Must be an email address") }).max(320),
    date_of_birth: dateOfBirthSchema,
    phone: phoneSchema.optional().openapi({ example: "+447700900123" }),
    enrichments: jsonField(
      enrichmentListSchema,
      `JSON array of ${ENRICHMENTS} (lower case accepted)`,
      '["CREDIT_BUREAU","AML"]',
    ).optional(),
    address: jsonField(
      addressSchema,
      "JSON address object (as returned by the postcode lookup). Required with CREDIT_BUREAU: residence_number or building_name, postcode, city, country_code",
      '{"residence_number":"10","street":"Downing Street","city":"London","postcode":"SW1A 2AA","country_code":"GB"}',
    ).optional(),
    thresholds: jsonField(
      thresholdsSchema,
      "JSON object {aml, online_footprint}, each 0–100; defaults 96 and 50",
      '{"aml":96,"online_footprint":50}',
    ).optional(),
    face_scan: z
      .file({ error: "Must be a file upload" })
      .optional()
      .openapi({ type: "string", format: "binary", description: "JPEG or PNG, at most 10 MB" }),
  })
  .strict()
  .superRefine(
    (form, ctx) => {
      if (!form.enrichments?.includes("CREDIT_BUREAU")) return;
      const need = "Required when CREDIT_BUREAU is requested";
      const address = form.address;
      if (!address) return ctx.addIssue({ code: "custom", path: ["address"], message: need });
      if (!address.residence_number && !address.building_name) {
        ctx.addIssue({ code: "custom", path: ["address", "residence_number"], message: `${need} (or address.building_name)` });
      }
      for (const key of ["postcode", "city", "country_code"] as const) {
        if (!address[key]) ctx.addIssue({ code: "custom", path: ["address", key], message: need });
      }
    },
    // Runs even when unrelated fields failed, so one answer lists every problem.
    { when: ({ issues }) => !issues.some((i) => !i.path?.length || i.path[0] === "enrichments" || i.path[0] === "address") },
  )
  .openapi("RiskRequest");
export type RiskRequest = z.output<typeof riskRequestSchema>;

/** `?report=radar` selects the experimental description (wire-details decision). */
export const riskQuerySchema = z.object({
  report: z
    .enum(["radar"], { error: 'Must be "radar" (or omitted for the headline response)' })
    .optional()
    .openapi({ param: { name: "report", in: "query" }, description: "`radar` for the experimental fraud-signal report" }),
});

export const riskStateSchema = z.enum(["PASS", "FAIL", "INCONCLUSIVE", "PARTIAL", "NOT_PERFORMED"]).openapi("RiskState");
export type RiskState = z.infer<typeof riskStateSchema>;
const checkResultSchema = z.object({ state: riskStateSchema, reason: z.string().optional() }).openapi("RiskCheckResult");

function enrichmentReport<const N extends readonly [string, ...string[]]>(names: N, id: string) {
  const checks = Object.fromEntries(names.map((n) => [n, checkResultSchema])) as { [K in N[number]]: typeof checkResultSchema };
  return z.object({ state: riskStateSchema, checks: z.object(checks) }).openapi(id);
}

/** Only the requested enrichments are present (spec 4.9 rule 1). */
export const riskEnrichmentReportsSchema = z
  .object({
    credit_bureau: enrichmentReport(RISK_ENRICHMENT_CHECKS.CREDIT_BUREAU, "CreditBureauReport").optional(),
    online_footprint: enrichmentReport(RISK_ENRICHMENT_CHECKS.ONLINE_FOOTPRINT, "OnlineFootprintReport").optional(),
    aml: enrichmentReport(RISK_ENRICHMENT_CHECKS.AML, "AmlReport").optional(),
    nfd: enrichmentReport(RISK_ENRICHMENT_CHECKS.NFD, "NfdReport").optional(),
  })
  .openapi("RiskEnrichmentReports");
export type RiskEnrichmentReports = z.infer<typeof riskEnrichmentReportsSchema>;

/** The echoed input and bookkeeping both descriptions share. */
const riskCommonSchema = z.object({
  id: z.string().openapi({ example: "risk_5Jx0m2fS9bQm1nXc" }),
  team_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  date_of_birth: z.string(),
  phone: z.string().optional(),
  address: addressSchema.optional(),
  enrichments: z.array(riskEnrichmentSchema),
  enrichment_reports: riskEnrichmentReportsSchema,
  billable: z.boolean().openapi({ description: "`false` in the sandbox" }),
  alerts_enabled_at: isoDateTime.optional().openapi({ description: "Monitoring enrolment; present when AML was requested" }),
  created_at: isoDateTime,
});

export const riskRecommendationSchema = z.enum(["CLEAR", "REVIEW", "REJECT"]).openapi("RiskRecommendation");
export type RiskRecommendation = z.infer<typeof riskRecommendationSchema>;

export const scoreFactorSchema = z
  .object({
    name: z.string().openapi({ example: "email_velocity" }),
    state: z.string().openapi({ example: "FAIL" }),
    points: z.number().int().min(0).max(100),
    reason: z.string(),
  })
  .openapi("ScoreFactor");

/** spec 2.7: the headline description. */
export const riskResponseSchema = riskCommonSchema
  .extend({
    risk_score: z
      .number()
      .int()
      .min(0)
      .max(100)
      .openapi({ description: "Trust score: 100 is the lowest risk. CLEAR 60–100, REVIEW 34–59, REJECT 0–33" }),
    recommendation: riskRecommendationSchema,
    trust_signals: z.array(z.string()),
    fraud_signals: z.array(z.string()).openapi({ example: ["LOW_EMAIL_SCORE"] }),
    metadata: z.object({
      thresholds: z.object({ aml: z.number(), online_footprint: z.number() }),
      score_factors: z
        .array(scoreFactorSchema)
        .optional()
        .openapi({ description: "Live: every signal and enrichment the score took into account, the points it took off 100 and why" }),
    }),
  })
  .openapi("RiskResponse");
export type RiskResponse = z.infer<typeof riskResponseSchema>;

export const radarSignalSchema = z
  .enum(["known_blocklist_match", "email_linked_to_multiple_identities", "email_velocity", "face_linked_to_multiple_identities"])
  .openapi("RadarSignal");
export type RadarSignal = z.infer<typeof radarSignalSchema>;
export const radarStateSchema = z.enum(["PASS", "FAIL", "NOT_PERFORMED"]).openapi("RadarState");
export const radarReportSchema = z
  .object({
    state: radarStateSchema,
    checks: z.array(z.object({ name: radarSignalSchema, state: radarStateSchema, reason: z.string().optional() })),
  })
  .openapi("RadarVerificationReport");
export type RadarReport = z.infer<typeof radarReportSchema>;

/** spec 2.8: the experimental description (`?report=radar`). */
export const riskRadarResponseSchema = riskCommonSchema
  .extend({ radar_verification_report: radarReportSchema })
  .openapi("RiskRadarResponse");
export type RiskRadarResponse = z.infer<typeof riskRadarResponseSchema>;

export const riskAssessmentResponseSchema = z.union([riskResponseSchema, riskRadarResponseSchema]);
export type RiskAssessmentResponse = z.infer<typeof riskAssessmentResponseSchema>;
