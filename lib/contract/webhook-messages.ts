import { isoDateTime, z } from "./common";
import { verificationEventSchema } from "./verifications";

/** spec 6: every event a webhook carries (the verification events and the account `Alert`). */
export const webhookEventSchema = z.enum([...verificationEventSchema.options, "Alert"]).openapi("WebhookEvent");
export type WebhookEventName = z.infer<typeof webhookEventSchema>;
export const WEBHOOK_EVENTS = webhookEventSchema.options;

export const webhookMessageStatusSchema = z
  .enum(["pending", "delivering", "retrying", "delivered", "failed"])
  .openapi("WebhookMessageStatus", {
    description: "pending: not tried yet; retrying: waiting for its next try; failed: every try failed (replayable)",
  });

/** A team+mode's webhook endpoint settings (the signing secret is never shown here). */
export const webhookEndpointSchema = z
  .object({
    url: z.string().nullable(),
    enabled: z.boolean(),
    events: z.array(webhookEventSchema).openapi({ description: "Events sent; empty means all" }),
    previous_secret_expires_at: isoDateTime
      .nullable()
      .openapi({ description: "Until then deliveries are also signed with the previous secret" }),
    updated_at: isoDateTime,
  })
  .openapi("WebhookEndpoint");
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

export const webhookAttemptSchema = z
  .object({
    attempt: z.number().int().openapi({ description: "1 for the first try; numbering continues across replays" }),
    url: z.string().nullable(),
    status_code: z.number().int().nullable(),
    response_body: z.string().nullable().openapi({ description: "The start of the receiver's reply" }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    started_at: isoDateTime,
  })
  .openapi("WebhookAttempt");

export const webhookMessageSchema = z
  .object({
    id: z
      .string()
      .openapi({ description: "The `webhook-id` header of every delivery of this message", example: "msg_2b1Yc9K0aQm1xD4vR7sT" }),
    event: webhookEventSchema,
    status: webhookMessageStatusSchema,
    verification_id: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()),
    attempt_count: z.number().int(),
    next_attempt_at: isoDateTime.nullable().openapi({ description: "When the next try is due (pending and retrying only)" }),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    replay_count: z.number().int(),
    created_at: isoDateTime,
    delivered_at: isoDateTime.nullable(),
    attempts: z.array(webhookAttemptSchema),
  })
  .openapi("WebhookMessage");
export type WebhookMessageView = z.infer<typeof webhookMessageSchema>;

export const webhookMessageListQuerySchema = z
  .object({
    status: webhookMessageStatusSchema.optional(),
    verification_id: z.string().min(1).max(100).optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .openapi("WebhookMessageListQuery");
export type WebhookMessageListQuery = z.infer<typeof webhookMessageListQuerySchema>;

export const webhookMessageListSchema = z
  .object({ messages: z.array(webhookMessageSchema), next_cursor: z.string().nullable() })
  .openapi("WebhookMessageList");
export type WebhookMessageList = z.infer<typeof webhookMessageListSchema>;

export const webhookMessageIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" }, example: "msg_2b1Yc9K0aQm1xD4vR7sT" }),
});

export const replayWebhooksRequestSchema = z
  .object({ from: isoDateTime, to: isoDateTime })
  .strict()
  .refine((body) => new Date(body.from) < new Date(body.to), { path: ["to"], message: "Must be after from" })
  .openapi("ReplayWebhooksRequest", { description: "Failed messages created in [from, to) are sent again, with their webhook-id" });

export const replayWebhooksResponseSchema = z.object({ replayed: z.number().int() }).openapi("ReplayWebhooksResponse");
