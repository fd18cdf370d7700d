import { jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
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
  },
  (t) => [primaryKey({ columns: [t.teamId, t.mode, t.id] })],
);
export type WorkflowRow = typeof workflows.$inferSelect;
export type NewWorkflowRow = typeof workflows.$inferInsert;
