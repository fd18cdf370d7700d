import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { newId } from "../shared/crypto";

// wire-details (webhooks): every delivery is signed the Standard Webhooks way, so any Standard
// Webhooks library verifies it with the team's `whsec_` secret.

export const SIGNING_SECRET_PREFIX = "whsec_";

/** A fresh signing secret: `whsec_` and 32 random bytes in base64 (the standard's format). */
export function newSigningSecret(): string {
  return `${SIGNING_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** A fresh `webhook-id`; retries and replays of one message reuse it. */
export function newMessageId(): string {
  return newId("msg");
}

export interface WebhookSignatureHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

export interface SignWebhookOptions {
  messageId: string;
  body: string;
  /** The current secret first; during a rotation also the previous one (both stay valid for 24 h). */
  secrets: readonly string[];
  timestamp?: Date;
}

/** The three Standard Webhooks headers; several secrets give space-separated `v1,` signatures. */
export function signWebhook(options: SignWebhookOptions): WebhookSignatureHeaders {
  if (options.secrets.length === 0) throw new Error("signWebhook needs at least one secret");
  const timestamp = options.timestamp ?? new Date();
  const signatures = options.secrets.map((secret) => new Webhook(secret).sign(options.messageId, timestamp, options.body));
  return {
    "webhook-id": options.messageId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
