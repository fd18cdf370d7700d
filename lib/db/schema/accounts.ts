import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

export const accountStatusEnum = pgEnum("account_status", ["New", "Acknowledged", "Clear"]);
export const riskTypeEnum = pgEnum("risk_type", ["sanction", "pep"]);

/** A person under ongoing AML monitoring (spec 2.10). */
export const monitoredAccounts = pgTable(
  "monitored_accounts",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    dateOfBirth: text("date_of_birth"),
    riskType: riskTypeEnum("risk_type"),
    status: accountStatusEnum("status").notNull().default("Clear"),
    alertsEnabledAt: timestamp("alerts_enabled_at", { withTimezone: true }),
    lastScreenedAt: timestamp("last_screened_at", { withTimezone: true }),
    riskAssessmentId: text("risk_assessment_id"),
    /**
     * The person this account monitors: normalised full name and date of birth. Unique per team
     * and mode, so two assessments of one person at once enrol one account (an upsert on it).
     * Null only on accounts made before it existed (found by name as before, then keyed).
     */
    personKey: text("person_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("monitored_accounts_team_mode_person_key").on(t.teamId, t.mode, t.personKey),
    index("monitored_accounts_team_mode_created_idx").on(t.teamId, t.mode, t.createdAt.desc(), t.id.desc()),
    index("monitored_accounts_team_mode_status_idx").on(t.teamId, t.mode, t.status),
  ],
);
export type MonitoredAccount = typeof monitoredAccounts.$inferSelect;
export type NewMonitoredAccount = typeof monitoredAccounts.$inferInsert;

export interface AlertMatch {
  id: string;
  caption: string;
  entity_type: string;
  datasets: { id: string; title: string }[];
  score: number;
}

export const accountAlerts = pgTable(
  "account_alerts",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    accountId: text("account_id")
      .notNull()
      .references(() => monitoredAccounts.id, { onDelete: "cascade" }),
    matches: jsonb("matches").$type<AlertMatch[]>().notNull(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedBy: text("acknowledged_by"),
    createdAt: createdAt(),
  },
  (t) => [index("account_alerts_account_idx").on(t.accountId, t.createdAt)],
);
export type AccountAlert = typeof accountAlerts.$inferSelect;
export type NewAccountAlert = typeof accountAlerts.$inferInsert;
