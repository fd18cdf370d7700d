import { z } from "./common";
import { verificationEventSchema, verificationRecordSchema } from "./verifications";

export const webhookUrlSchema = z
  .url({ message: "Must be an absolute https URL" })
  .max(2048)
  .openapi({ example: "https://hooks.example.com/idv" });

/** spec 4.7 request. */
export const triggerVerificationWebhookSchema = z
  .object({ webhook_url: webhookUrlSchema, event: z.string().min(1, "Required").openapi({ example: "Verified" }) })
  .strict()
  .openapi("TriggerVerificationWebhook");

/** spec 4.8 request. */
export const triggerAlertWebhookSchema = z.object({ webhook_url: webhookUrlSchema }).strict().openapi("TriggerAlertWebhook");

/** spec 6: a verification event's payload is the whole record plus `event`. */
export const verificationWebhookPayloadSchema = verificationRecordSchema
  .extend({ event: verificationEventSchema })
  .openapi("VerificationWebhookPayload");
export type VerificationWebhookPayload = z.infer<typeof verificationWebhookPayloadSchema>;

export const alertWebhookPayloadSchema = z
  .object({ event: z.literal("Alert"), alertId: z.string(), smartLookupId: z.string() })
  .openapi("AlertWebhookPayload");
export type AlertWebhookPayload = z.infer<typeof alertWebhookPayloadSchema>;

/** spec 2.11. */
export const deliveryReportSchema = z
  .object({
    event: z.string(),
    webhook_url: z.string(),
    payload: z.record(z.string(), z.unknown()),
    response: z.object({ status_code: z.number().int(), body: z.string() }).nullable(),
    error: z.string().nullable(),
  })
  .openapi("WebhookDeliveryReport");
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;
