import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { healthSchema } from "@/lib/contract";
import { json } from "../route-helpers";
import type { ApiDeps, ApiEnv } from "../types";

export function registerHealthRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // GET /api/v1/health – liveness probe (no database, no auth)
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/health",
      tags: ["Meta"],
      summary: "Liveness probe",
      responses: { 200: json(healthSchema, "The API is up") },
    }),
    (c) => c.json({ status: "ok" as const, version: deps.version }, 200),
  );
}
