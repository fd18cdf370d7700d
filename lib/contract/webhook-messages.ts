import { z } from "./common";
import { verificationEventSchema } from "./verifications";

/** spec 6: every event a webhook carries (the verification events and the account `Alert`). */
export const webhookEventSchema = z.enum([...verificationEventSchema.options, "Alert"]).openapi("WebhookEvent");
export type WebhookEventName = z.infer<typeof webhookEventSchema>;
export const WEBHOOK_EVENTS = webhookEventSchema.options;
