import type { OpenAPIHono } from "@hono/zod-openapi";
import { smartLookupRequestSchema, smartLookupResponseSchema } from "@/lib/contract";
import { runSmartLookup } from "../../smart-lookups/run-smart-lookup";
import { orFail } from "../errors";
import { json, jsonBody, teamRoute } from "../route-helpers";
import type { ApiEnv } from "../types";

export function registerSmartLookupRoutes(app: OpenAPIHono<ApiEnv>) {
  // POST /api/v1/smart-lookups – credit bureau, online footprint and AML checks asked directly
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/smart-lookups",
      tags: ["Risk"],
      summary: "Smart lookup",
      description:
        "Runs the named checks (`CreditBureau`, `OnlineFootprint`, `AML`) on the same enrichment providers as `POST /api/v2/risk`. " +
        "CreditBureau needs `date_of_birth` and an address (structured, or `first_line_of_address` with `postcode`); OnlineFootprint needs `email`. " +
        "Thresholds default to the team's Settings. `alerts_enabled` (with AML and `date_of_birth`) enrols the person in ongoing monitoring. " +
        "A failed credit-bureau check carries the real API's `reason` code; every check's explanation is in `metadata`. Sandbox: the email rule of the risk endpoint (`+review`, `+reject`), no data read, not billable.",
      request: { body: jsonBody(smartLookupRequestSchema) },
      responses: { 201: json(smartLookupResponseSchema, "The lookup and its reports") },
      refuses: [403],
    }),
    async (c) => c.json(orFail(await runSmartLookup(c.get("db"), c.get("tenant"), c.req.valid("json"))), 201),
  );
}
