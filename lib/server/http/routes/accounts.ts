import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  accountDetailSchema,
  accountIdParamsSchema,
  accountListQuerySchema,
  accountListSchema,
  successSchema,
  toggleAlertsRequestSchema,
} from "@/lib/contract";
import { getAccount } from "../../accounts/get-account";
import { listAccounts } from "../../accounts/list-accounts";
import { acknowledgeAccount, toggleAlerts } from "../../accounts/update-account";
import { orFail } from "../errors";
import { apiActor, json, jsonBody, teamRoute } from "../route-helpers";
import type { ApiEnv } from "../types";

const tags = ["Monitored accounts"];

export function registerAccountRoutes(app: OpenAPIHono<ApiEnv>) {
  // GET /api/v1/alerts/accounts – ListAccounts
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/alerts/accounts",
      tags,
      summary: "List monitored accounts (ListAccounts)",
      request: { query: accountListQuerySchema },
      responses: { 200: json(accountListSchema, "A page of monitored accounts") },
    }),
    async (c) => c.json(orFail(await listAccounts(c.get("db"), c.get("tenant"), c.req.valid("query"))), 200),
  );

  // GET /api/v1/alerts/accounts/{id} – GetAccountDetail
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/alerts/accounts/{id}",
      tags,
      summary: "Read a monitored account with its alerts (GetAccountDetail)",
      request: { params: accountIdParamsSchema },
      responses: { 200: json(accountDetailSchema, "The account") },
      refuses: [404],
    }),
    async (c) => c.json(orFail(await getAccount(c.get("db"), c.get("tenant"), c.req.valid("param").id)), 200),
  );

  // PATCH /api/v1/alerts/accounts/{id} – ToggleAlerts
  app.openapi(
    teamRoute({
      method: "patch",
      path: "/api/v1/alerts/accounts/{id}",
      tags,
      summary: "Turn ongoing monitoring alerts on or off (ToggleAlerts)",
      request: { params: accountIdParamsSchema, body: jsonBody(toggleAlertsRequestSchema) },
      responses: { 200: json(successSchema, "Updated") },
      refuses: [404],
    }),
    async (c) => {
      const tenant = c.get("tenant");
      const result = await toggleAlerts(c.get("db"), tenant, {
        id: c.req.valid("param").id,
        enabled: c.req.valid("json").alerts_enabled,
        actor: apiActor(tenant),
      });
      return c.json(orFail(result), 200);
    },
  );

  // POST /api/v1/alerts/accounts/{id}/acknowledge – mark the account's alerts as seen
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/alerts/accounts/{id}/acknowledge",
      tags,
      summary: "Acknowledge an account's alerts",
      request: { params: accountIdParamsSchema },
      responses: { 200: json(successSchema, "Acknowledged") },
      refuses: [404],
    }),
    async (c) => {
      const tenant = c.get("tenant");
      return c.json(orFail(await acknowledgeAccount(c.get("db"), tenant, { id: c.req.valid("param").id, actor: apiActor(tenant) })), 200);
    },
  );
}
