import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { tenantColumns } from "./tenant";

/**
 * The origins allowed to show a team's hosted flow in an iframe (spec: "a native web view or an
 * iframe also work"), per mode: a staging site embeds sandbox cases, the real site live ones.
 * A missing row or an empty list means the hosted pages are never framed.
 */
export const embedSettings = pgTable(
  "embed_settings",
  {
    ...tenantColumns(),
    /** Normalised origins (`https://app.example.com`, `https://*.example.com`), at most 10. */
    frameAncestors: jsonb("frame_ancestors")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.mode] })],
);
export type EmbedSettings = typeof embedSettings.$inferSelect;
export type NewEmbedSettings = typeof embedSettings.$inferInsert;

/**
 * Rate-limit state shared by every app instance (issue 15): a fixed-window request counter, and
 * the failures and growing delay of sign-in attempts. Keys name what is limited
 * (`api:<client>`, `fail-ip:<hash>`, `fail-account:<hash>`, `upload:<hash>`); addresses, emails and
 * hosted tokens are stored hashed. Not tenant data: rows expire on their own.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
    /** Failed attempts in a row (reset by a success on an account key, or after a quiet day). */
    failures: integer("failures").notNull().default(0),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limits_updated_idx").on(t.updatedAt)],
);
export type RateLimitRow = typeof rateLimits.$inferSelect;
