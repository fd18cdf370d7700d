import type { OpenAPIHono } from "@hono/zod-openapi";
import { flowIdParamSchema, flowListSchema, flowSchema } from "@/lib/contract";
import { findWorkflow, listWorkflows, toFlow } from "../../verifications/workflows";
import { fail, ok } from "../../shared/result";
import { orFail } from "../errors";
import { json, teamRoute } from "../route-helpers";
import type { ApiEnv } from "../types";

export function registerFlowRoutes(app: OpenAPIHono<ApiEnv>) {
  // GET /api/v1/flows – the workflows a verification can run: built-in, then the team's own
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/flows",
      tags: ["Flows"],
      summary: "List flows",
      description:
        "The built-in workflows and the team's own in the token's mode, as a bare JSON array (as the real API answers). " +
        "Archived workflows are listed with `archived_at` set; they open no new verification.",
      responses: { 200: json(flowListSchema, "Every flow of the team and mode") },
    }),
    async (c) => c.json((await listWorkflows(c.get("db"), c.get("tenant"))).map(toFlow), 200),
  );

  // GET /api/v1/flows/{id}
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/flows/{id}",
      tags: ["Flows"],
      summary: "Read a flow",
      request: { params: flowIdParamSchema },
      responses: { 200: json(flowSchema, "The flow") },
      refuses: [404],
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      const workflow = await findWorkflow(c.get("db"), c.get("tenant"), id);
      return c.json(toFlow(orFail(workflow ? ok(workflow) : fail("not_found", `Flow ${id} not found`))), 200);
    },
  );
}
