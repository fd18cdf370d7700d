import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
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
import { bearer, errors, json, jsonBody } from "../route-helpers";
import type { ApiEnv } from "../types";

const tags = ["Monitored accounts"];

export function registerAccountRoutes(app: OpenAPIHono<ApiEnv>) {
  // GET /api/v1/alerts/accounts – ListAccounts
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/alerts/accounts",
      tags,
      summary: "List monitored accounts (ListAccounts)",
      security: bearer,
      request: { query: accountListQuerySchema },
      responses: { 200: json(accountListSchema, "A page of monitored accounts"), 400: errors[400], 401: errors[401] },
    }),
    async (c) => c.json(orFail(await listAccounts(c.get("db"), c.get("tenant"), c.req.valid("query"))), 200),
  );

  // GET /api/v1/alerts/accounts/{id} – GetAccountDetail
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/alerts/accounts/{id}",
      tags,
      summary: "Read a monitored account with its alerts (GetAccountDetail)",
      security: bearer,
      request: { params: accountIdParamsSchema },
      responses: { 200: json(accountDetailSchema, "The account"), 400: errors[400], 401: errors[401], 404: errors[404] },
    }),
    async (c) => c.json(orFail(await getAccount(c.get("db"), c.get("tenant"), c.req.valid("param").id)), 200),
  );

  // PATCH /api/v1/alerts/accounts/{id} – ToggleAlerts
  app.openapi(
    createRoute({
      method: "patch",
      path: "/api/v1/alerts/accounts/{id}",
      tags,
      summary: "Turn ongoing monitoring alerts on or off (ToggleAlerts)",
      security: bearer,
      request: { params: accountIdParamsSchema, body: jsonBody(toggleAlertsRequestSchema) },
      responses: { 200: json(successSchema, "Updated"), 400: errors[400], 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const tenant = c.get("tenant");
      const result = await toggleAlerts(c.get("db"), tenant, {
        id: c.req.valid("param").id,
        enabled: c.req.valid("json").alerts_enabled,
        actor: { type: "api_client", id: tenant.apiClientId },
      });
      return c.json(orFail(result), 200);
    },
  );

  // POST /api/v1/alerts/accounts/{id}/acknowledge – mark the account's alerts as seen
  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/alerts/accounts/{id}/acknowledge",
      tags,
      summary: "Acknowledge an account's alerts",
      security: bearer,
      request: { params: accountIdParamsSchema },
      responses: { 200: json(successSchema, "Acknowledged"), 400: errors[400], 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const tenant = c.get("tenant");
      const result = await acknowledgeAccount(c.get("db"), tenant, { id: c.req.valid("param").id, actor: { type: "api_client", id: tenant.apiClientId } });
      return c.json(orFail(result), 200);
    },
  );
}
