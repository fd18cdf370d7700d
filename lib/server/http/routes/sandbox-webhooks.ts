import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  accountIdParamsSchema,
  deliveryReportSchema,
  triggerAlertWebhookSchema,
  triggerVerificationWebhookSchema,
  verificationIdParamsSchema,
} from "@/lib/contract";
import { triggerAlertWebhook } from "../../sandbox/trigger-alert-webhook";
import { triggerVerificationWebhook } from "../../sandbox/trigger-verification-webhook";
import { orFail } from "../errors";
import { apiActor, json, jsonBody, teamRoute } from "../route-helpers";
import type { ApiDeps, ApiEnv } from "../types";

const report = json(
  deliveryReportSchema,
  "Delivery report. The webhook was sent once, signed (Standard Webhooks); `error` is null on success, " +
    "else the reason, with `response` holding the receiver's reply when there was one.",
);

export function registerSandboxWebhookRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // POST /api/v1/verifications/{id}/webhooks – sandbox: send one verification event now
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/verifications/{id}/webhooks",
      tags: ["Sandbox"],
      summary: "Trigger a verification webhook (sandbox only)",
      description:
        "Sends one signed webhook for the verification to `webhook_url` (https, public address) and reports the delivery. " +
        "Canned ids 111–999 send only the events listed for them; a case created in sandbox mode sends any verification event.",
      request: { params: verificationIdParamsSchema, body: jsonBody(triggerVerificationWebhookSchema) },
      responses: { 200: report },
      refuses: [403, 404],
    }),
    async (c) => {
      const tenant = c.get("tenant");
      const body = c.req.valid("json");
      const result = await triggerVerificationWebhook(c.get("db"), {
        tenant,
        actor: apiActor(tenant),
        id: c.req.valid("param").id,
        event: body.event,
        webhookUrl: body.webhook_url,
        allowLoopback: deps.webhookAllowLoopback,
      });
      return c.json(orFail(result), 200);
    },
  );

  // POST /api/v1/alerts/accounts/{id}/webhooks – sandbox: send a monitored account's alert now
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/alerts/accounts/{id}/webhooks",
      tags: ["Sandbox"],
      summary: "Trigger an alert webhook (sandbox only)",
      description: "Sends the account's latest alert as a signed `Alert` webhook to `webhook_url` and reports the delivery.",
      request: { params: accountIdParamsSchema, body: jsonBody(triggerAlertWebhookSchema) },
      responses: { 200: report },
      refuses: [403, 404],
    }),
    async (c) => {
      const tenant = c.get("tenant");
      const result = await triggerAlertWebhook(c.get("db"), {
        tenant,
        actor: apiActor(tenant),
        id: c.req.valid("param").id,
        webhookUrl: c.req.valid("json").webhook_url,
        allowLoopback: deps.webhookAllowLoopback,
      });
      return c.json(orFail(result), 200);
    },
  );
}
