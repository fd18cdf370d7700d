import { integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { tenantColumns } from "./tenant";

/**
 * A team's risk and retention settings for one mode (console Settings). A missing row means the
 * defaults: thresholds of wire-details (aml 96, online_footprint 50) and no retention limit.
 */
export const teamSettings = pgTable(
  "team_settings",
  {
    ...tenantColumns(),
    amlThreshold: integer("aml_threshold").notNull().default(96),
    onlineFootprintThreshold: integer("online_footprint_threshold").notNull().default(50),
    /** Cases, assessments and their evidence older than this are deleted; null keeps them. */
    retentionDays: integer("retention_days"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.mode] })],
);
export type TeamSettings = typeof teamSettings.$inferSelect;
export type NewTeamSettings = typeof teamSettings.$inferInsert;
