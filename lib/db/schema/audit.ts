import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum } from "./common";
import { teams } from "./teams";

/**
 * Who did what, when, from where. `mode` is null for team-wide actions (members, teams);
 * `team_id` is null for platform-level changes (the network blocklist, AML list and residency
 * imports from the CLI), which no team's console shows.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").references(() => teams.id, { onDelete: "cascade" }),
    mode: modeEnum("mode"),
    actorType: text("actor_type").notNull(), // staff | api_client | cli | system
    actorId: text("actor_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_team_created_idx").on(t.teamId, t.createdAt.desc())],
);
export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
