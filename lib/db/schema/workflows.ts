import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

/** A team's own workflows, beside the built-in ones (lib/server/verifications/workflows.ts). */
export const workflows = pgTable(
  "workflows",
  {
    ...tenantColumns(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    steps: jsonb("steps").$type<string[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the team archives it: listed still, but no new verification may use it. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.mode, t.id] })],
);
export type WorkflowRow = typeof workflows.$inferSelect;
export type NewWorkflowRow = typeof workflows.$inferInsert;
