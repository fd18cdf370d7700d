import type { OpenAPIHono } from "@hono/zod-openapi";
import { coverageListSchema } from "@/lib/contract";
import { listCoverage } from "../../coverage/list-coverage";
import { json, teamRoute } from "../route-helpers";
import type { ApiEnv } from "../types";

export function registerCoverageRoutes(app: OpenAPIHono<ApiEnv>) {
  // GET /api/v1/coverage – the documents and data sources this deployment reads
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/coverage",
      tags: ["Meta"],
      summary: "Coverage",
      description:
        "The photo IDs, supporting documents and data sources the engines of this deployment read, with their countries (ISO 3166 alpha-2). The same in both modes.",
      responses: { 200: json(coverageListSchema, "What is covered") },
    }),
    (c) => c.json(listCoverage(), 200),
  );
}
