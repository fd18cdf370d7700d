import { boolean, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

/** Every smart lookup answered (POST /api/v1/smart-lookups), sandbox ones too, with its full response. */
export const smartLookups = pgTable(
  "smart_lookups",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    checks: jsonb("checks").$type<string[]>().notNull(),
    response: jsonb("response").$type<Record<string, unknown>>().notNull(),
    billable: boolean("billable").notNull(),
    /** The monitored account AML enrolled the person in (alerts_enabled), if any. */
    monitoredAccountId: text("monitored_account_id"),
    alertsEnabledAt: timestamp("alerts_enabled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("smart_lookups_team_mode_created_idx").on(t.teamId, t.mode, t.createdAt)],
);
export type SmartLookupRow = typeof smartLookups.$inferSelect;
