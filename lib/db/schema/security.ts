import { jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
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
    frameAncestors: jsonb("frame_ancestors").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.mode] })],
);
export type EmbedSettings = typeof embedSettings.$inferSelect;
export type NewEmbedSettings = typeof embedSettings.$inferInsert;
