import { sql } from "drizzle-orm";
import { bigserial, index, integer, json, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

// The webhook outbox (ARCHITECTURE: webhooks). A message is written in the transaction of the
// change that caused it; workers deliver it (pg-boss jobs carry its id) and log every attempt.

export const webhookMessageStatusEnum = pgEnum("webhook_message_status", ["pending", "delivering", "retrying", "delivered", "failed"]);
export type WebhookMessageStatus = (typeof webhookMessageStatusEnum.enumValues)[number];

export const webhookMessages = pgTable(
  "webhook_messages",
  {
    /** `msg_…`: the `webhook-id` header, the same for every retry and replay. */
    id: text("id").primaryKey(),
    /** Commit order of one case's events (its state changes are serialised on the case row). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    ...tenantColumns(),
    event: text("event").notNull(),
    // json, not jsonb: the delivered body keeps the payload's field order (`event` first, spec 6).
    payload: json("payload").$type<Record<string, unknown>>().notNull(),
    verificationId: text("verification_id"),
    status: webhookMessageStatusEnum("status").notNull().default("pending"),
    /** Attempts ever made (numbers the attempt log). */
    attemptCount: integer("attempt_count").notNull().default(0),
    /** Attempts since the message was queued or replayed: the position in the retry schedule. */
    tries: integer("tries").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease while it delivers; past it, the sweeper takes the message back. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** When a queue job for the next attempt was sent (for a delayed retry: when it falls due). */
    enqueuedAt: timestamp("enqueued_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    replayCount: integer("replay_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    // Few full indexes: a message's row is rewritten three or four times on its way (relayed,
    // claimed, finished), and each rewrite touches every index whose columns or predicate change.
    index("webhook_messages_team_mode_seq_idx").on(t.teamId, t.mode, t.seq),
    index("webhook_messages_case_idx")
      .on(t.teamId, t.mode, t.verificationId, t.seq)
      .where(sql`verification_id is not null`),
    index("webhook_messages_failed_idx")
      .on(t.teamId, t.mode, t.createdAt)
      .where(sql`status = 'failed'`),
    // The worker's queries touch only unfinished messages: keep their indexes that small.
    index("webhook_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'retrying')`),
    // Committed but not yet sent to the queue: what the relay looks for after every commit.
    index("webhook_messages_unsent_idx")
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'retrying') and enqueued_at is null`),
    index("webhook_messages_leased_idx")
      .on(t.lockedUntil)
      .where(sql`status = 'delivering'`),
  ],
);
export type WebhookMessage = typeof webhookMessages.$inferSelect;
export type NewWebhookMessage = typeof webhookMessages.$inferInsert;

/** One delivery attempt of a message: what was sent where, and what came back. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => webhookMessages.id, { onDelete: "cascade" }),
    ...tenantColumns(),
    attempt: integer("attempt").notNull(),
    /** Null when nothing was sent (endpoint removed or disabled). */
    url: text("url"),
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("webhook_attempts_message_attempt_key").on(t.messageId, t.attempt)],
);
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
export type NewWebhookAttempt = typeof webhookAttempts.$inferInsert;
