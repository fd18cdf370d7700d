import { sql } from "drizzle-orm";
import { boolean, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

/**
 * A team's webhook endpoint for one mode. The signing secret must be usable to sign, so it is
 * stored as given (not hashed); it is shown to staff once and can be rotated.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    ...tenantColumns(),
    url: text("url"),
    enabled: boolean("enabled").notNull().default(true),
    /** Events delivered to the URL; empty means all of them. */
    events: text("events")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.mode] })],
);
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;
