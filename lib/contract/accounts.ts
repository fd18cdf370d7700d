import { isoDateTime, z } from "./common";

export const riskTypeSchema = z.enum(["sanction", "pep"]).openapi("RiskType");
export const accountStatusSchema = z.enum(["New", "Acknowledged", "Clear"]).openapi("AccountStatus");

/** ListAccounts item (wire-details: monitored accounts). */
export const accountSummarySchema = z
  .object({
    id: z.string().openapi({ example: "sl_sandbox_001" }),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    risk_type: z.union([riskTypeSchema, z.null()]),
    status: accountStatusSchema,
    alerts_enabled_at: isoDateTime.nullable(),
    last_screened_at: isoDateTime.nullable(),
    created_at: isoDateTime,
  })
  .openapi("MonitoredAccount");
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const alertMatchSchema = z
  .object({
    id: z.string(),
    caption: z.string(),
    entity_type: z.string().openapi({ example: "Person" }),
    datasets: z.array(z.object({ id: z.string(), title: z.string() })),
    score: z.number(),
  })
  .openapi("AlertMatch");

export const alertSchema = z
  .object({
    id: z.string(),
    created_at: isoDateTime,
    acknowledged_at: isoDateTime.nullable(),
    matches: z.array(alertMatchSchema),
  })
  .openapi("Alert");

/** GetAccountDetail. */
export const accountDetailSchema = accountSummarySchema
  .extend({
    email: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    alerts: z.array(alertSchema),
  })
  .openapi("MonitoredAccountDetail");
export type AccountDetail = z.infer<typeof accountDetailSchema>;

export const accountListQuerySchema = z.object({
  // The real API's clients send its lower-case values (`new`, `acknowledged`, `clear`; real-api.md): any case is read.
  status: z
    .preprocess(
      (v) =>
        typeof v === "string"
          ? (({ new: "New", acknowledged: "Acknowledged", clear: "Clear" } as Record<string, string>)[v.toLowerCase()] ?? v)
          : v,
      accountStatusSchema,
    )
    .optional()
    .openapi({ param: { name: "status", in: "query" }, description: "New, Acknowledged or Clear (any case)" }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: "cursor", in: "query" } }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(25)
    .openapi({ param: { name: "limit", in: "query" } }),
});

export const accountListSchema = z
  .object({ accounts: z.array(accountSummarySchema), next_cursor: z.string().nullable() })
  .openapi("MonitoredAccountList");

export const accountIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" }, example: "sl_sandbox_001" }),
});

export const toggleAlertsRequestSchema = z.object({ alerts_enabled: z.boolean() }).strict().openapi("ToggleAlertsRequest");

export const successSchema = z.object({ success: z.literal(true) }).openapi("Success");
