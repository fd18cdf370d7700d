import type { AppConfig } from "@/lib/config";
import { z } from "zod";
import type { JobType } from "../jobs/define-job";
import type { Resolver } from "./ssrf-guard";

export interface WebhookSettings {
  /** Seconds before each try; the first (0) is the immediate first try. */
  retryScheduleSeconds: readonly number[];
  /** One attempt's deadline (DNS, connect, reply). */
  timeoutMs: number;
  /** A delivering message's lease; also how long a sent job may wait before the sweep re-sends it. */
  leaseSeconds: number;
  /** Deliveries in flight per process. */
  concurrency: number;
  /** How often the sweep recovers expired leases and re-sends lost jobs. */
  sweepSeconds: number;
  allowLoopback: boolean;
  /** How often an idle fetch loop polls the queue (delayed retries falling due). */
  pollMs: number;
  /** For tests: the DNS resolver behind the SSRF guard. */
  resolve?: Resolver;
}

export function webhookSettings(config: AppConfig, overrides: Partial<WebhookSettings> = {}): WebhookSettings {
  return {
    retryScheduleSeconds: config.webhooks.retryScheduleSeconds,
    timeoutMs: config.webhooks.timeoutMs,
    leaseSeconds: config.webhooks.leaseSeconds,
    concurrency: config.webhooks.concurrency,
    sweepSeconds: config.webhooks.sweepSeconds,
    allowLoopback: config.webhookAllowLoopback,
    pollMs: 250,
    ...overrides,
  };
}

/** The queue job of one delivery attempt: it carries only the message id (the outbox has the rest). */
export const WEBHOOK_DELIVERY_JOB: JobType<{ messageId: string }> = {
  id: "webhook-deliver",
  payload: z.object({ messageId: z.string().regex(/^msg_/) }),
  expireInSeconds: 300,
};
