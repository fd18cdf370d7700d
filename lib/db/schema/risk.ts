import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

/** Every risk assessment answered (sandbox ones too, isolated by mode), with the full response. */
export const riskAssessments = pgTable(
  "risk_assessments",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    dateOfBirth: text("date_of_birth").notNull(),
    report: text("report").notNull(), // "headline" | "radar"
    riskScore: integer("risk_score"),
    recommendation: text("recommendation"),
    enrichments: jsonb("enrichments").$type<string[]>().notNull(),
    response: jsonb("response").$type<Record<string, unknown>>().notNull(),
    billable: boolean("billable").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("risk_assessments_team_mode_created_idx").on(t.teamId, t.mode, t.createdAt.desc(), t.id.desc())],
);
export type RiskAssessment = typeof riskAssessments.$inferSelect;
export type NewRiskAssessment = typeof riskAssessments.$inferInsert;
