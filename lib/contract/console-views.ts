import type { z } from "zod";
import type { WebhookEventName, webhookMessageStatusSchema } from "./webhook-messages";

// What the console's server components hand to its components (types only: no runtime schema
// reaches the browser bundle). lib/server/console builds them; components/console renders them.

export type WebhookMessageStatusName = z.infer<typeof webhookMessageStatusSchema>;

export interface DeliveryAttemptView {
  attempt: number;
  url: string | null;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  startedAt: string;
}

/** One webhook message with its attempts (newest attempt first), as the case and webhooks pages show it. */
export interface DeliveryView {
  id: string;
  event: WebhookEventName;
  status: WebhookMessageStatusName;
  /** The case the message is about, or null for an account `Alert`. */
  verificationId: string | null;
  /** The alert an `Alert` message carries (spec 6: `alertId`), else null. */
  alertId: string | null;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  replayCount: number;
  createdAt: string;
  attempts: DeliveryAttemptView[];
}

/** An evidence image's metadata (the bytes are served by GET /console/evidence/:id). */
export interface EvidenceView {
  id: string;
  role: string;
  mimeType: string;
  byteSize: number;
  createdAt: string;
}
