import { jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum } from "./common";
import { teams } from "./teams";

/** A team's own workflows, beside the built-in ones (lib/server/verifications/workflows.ts). */
export const workflows = pgTable(
  "workflows",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    steps: jsonb("steps").$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.mode, t.id] })],
);
export type WorkflowRow = typeof workflows.$inferSelect;
export type NewWorkflowRow = typeof workflows.$inferInsert;
