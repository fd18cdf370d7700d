import type { OpenAPIHono } from "@hono/zod-openapi";
import { createTeamRequestSchema, createTeamResponseSchema, teamSchema } from "@/lib/contract";
import { createPartnerTeam, getTeamView } from "../../teams/partner-teams";
import { orFail } from "../errors";
import { apiActor, json, jsonBody, teamRoute } from "../route-helpers";
import type { ApiDeps, ApiEnv } from "../types";

export function registerTeamRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // GET /api/v1/team – the token's own team
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/team",
      tags: ["Team"],
      summary: "Read the team",
      description:
        "The team the token belongs to: names, plan, logo. `public_name` is the team's name when none is set; `logo_url` is empty when none is set.",
      responses: { 200: json(teamSchema, "The team") },
    }),
    async (c) => c.json(orFail(await getTeamView(c.get("db"), c.get("tenant"))), 200),
  );

  // POST /api/v1/team – a partner team creates a team for a customer of theirs
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/team",
      tags: ["Team"],
      summary: "Create a team (partners)",
      description:
        "For partner teams only (403 otherwise): creates a team with its public name, logo and, from `flow_template`, a workflow; " +
        "answers one credential in the token's mode, whose `client_secret` is shown only here. Each of `team_admin_emails` is emailed an invitation to the console as an admin.",
      request: { body: jsonBody(createTeamRequestSchema) },
      responses: { 200: json(createTeamResponseSchema, "The new team and its credential") },
      refuses: [403],
    }),
    async (c) => {
      const tenant = c.get("tenant");
      const created = await createPartnerTeam(c.get("db"), tenant, c.req.valid("json"), {
        actor: apiActor(tenant),
        publicBaseUrl: deps.publicBaseUrl,
      });
      return c.json(orFail(created), 200);
    },
  );
}
