import type { OpenAPIHono } from "@hono/zod-openapi";
import { postcodeLookupSchema, postcodeQuerySchema } from "@/lib/contract";
import { lookupPostcode } from "../../lookup/lookup-postcode";
import { orFail } from "../errors";
import { json, teamRoute } from "../route-helpers";
import type { ApiEnv } from "../types";

export function registerLookupRoutes(app: OpenAPIHono<ApiEnv>) {
  // GET /api/v1/smart-lookups/postcode – structured addresses of a postcode
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/smart-lookups/postcode",
      tags: ["Address lookup"],
      summary: "Look up the addresses of a postcode",
      description:
        "Spaces and case are ignored. Sandbox accepts exactly `SW1A 2AA` (1 address), `NW1 6XE` (12) and `AB11 6BH` (21). " +
        "Live searches the team's imported address data. An unknown or malformed postcode is a 400.",
      request: { query: postcodeQuerySchema },
      responses: { 200: json(postcodeLookupSchema, "The postcode's addresses") },
    }),
    async (c) => c.json(orFail(await lookupPostcode(c.get("db"), c.get("tenant"), c.req.valid("query").postcode)), 200),
  );
}
