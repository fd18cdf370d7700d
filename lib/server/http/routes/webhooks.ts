import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  errorSchema,
  replayWebhooksRequestSchema,
  replayWebhooksResponseSchema,
  webhookMessageIdParamsSchema,
  webhookMessageListQuerySchema,
  webhookMessageListSchema,
  webhookMessageSchema,
} from "@/lib/contract";
import { getWebhookMessage } from "../../webhooks/get-webhook-message";
import { listWebhookMessages } from "../../webhooks/list-webhook-messages";
import { replayFailedWebhooks, replayWebhookMessage } from "../../webhooks/replay-webhooks";
import { orFail } from "../errors";
import { apiActor, json, jsonBody, teamRoute } from "../route-helpers";
import type { ApiDeps, ApiEnv } from "../types";

const tags = ["Webhooks"];

export function registerWebhookRoutes(app: OpenAPIHono<ApiEnv>, _deps: ApiDeps) {
  // GET /api/v1/webhooks/messages – the outbox, newest first, with every attempt
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/webhooks/messages",
      tags,
      summary: "List webhook messages",
      description:
        "Messages of the token's team and mode, newest first, each with its delivery attempts. Filter by `status` or `verification_id`; pass `next_cursor` as `cursor` for the next page.",
      request: { query: webhookMessageListQuerySchema },
      responses: { 200: json(webhookMessageListSchema, "A page of messages") },
    }),
    async (c) => c.json(orFail(await listWebhookMessages(c.get("db"), c.get("tenant"), c.req.valid("query"))), 200),
  );

  // GET /api/v1/webhooks/messages/{id} – one message and its attempts
  app.openapi(
    teamRoute({
      method: "get",
      path: "/api/v1/webhooks/messages/{id}",
      tags,
      summary: "Read a webhook message",
      request: { params: webhookMessageIdParamsSchema },
      responses: { 200: json(webhookMessageSchema, "The message with its attempts") },
      refuses: [404],
    }),
    async (c) => c.json(orFail(await getWebhookMessage(c.get("db"), c.get("tenant"), c.req.valid("param").id)), 200),
  );

  // POST /api/v1/webhooks/messages/{id}/replay – send one message again, same webhook-id
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/webhooks/messages/{id}/replay",
      tags,
      summary: "Replay a webhook message",
      description: "Queues the message again with the same `webhook-id` and payload and a fresh round of retries.",
      request: { params: webhookMessageIdParamsSchema },
      responses: {
        202: json(webhookMessageSchema, "Queued again"),
        409: json(errorSchema, "The message is being delivered at this moment"),
      },
      refuses: [404],
    }),
    async (c) => {
      const tenant = c.get("tenant");
      const result = await replayWebhookMessage(c.get("db"), { tenant, actor: apiActor(tenant), id: c.req.valid("param").id });
      return c.json(orFail(result), 202);
    },
  );

  // POST /api/v1/webhooks/replay – send again every failed message of a time range
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/webhooks/replay",
      tags,
      summary: "Replay failed webhook messages",
      description: "Queues again every failed message created in [`from`, `to`), each with its own `webhook-id`.",
      request: { body: jsonBody(replayWebhooksRequestSchema) },
      responses: { 202: json(replayWebhooksResponseSchema, "How many messages were queued again") },
    }),
    async (c) => {
      const tenant = c.get("tenant");
      const body = c.req.valid("json");
      const result = await replayFailedWebhooks(c.get("db"), {
        tenant,
        actor: apiActor(tenant),
        from: new Date(body.from),
        to: new Date(body.to),
      });
      return c.json(orFail(result), 202);
    },
  );
}
