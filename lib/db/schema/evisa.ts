import { boolean, date, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The built-in eVisa provider's register (issue 16): immigration status records keyed by share
 * code, imported by the platform operator (`npm run cli -- import-evisa-records`). A deployment
 * with a Home Office connection answers from there instead; this is the local default.
 */
export const evisaRecords = pgTable("evisa_records", {
  /** Nine letters and digits, upper case, no spaces. */
  shareCode: text("share_code").primaryKey(),
  dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  referenceNumber: text("reference_number").notNull(),
  nationality: text("nationality"),
  immigrationStatus: text("immigration_status").notNull(),
  validFrom: date("valid_from", { mode: "string" }),
  /** Null: indefinite leave (no expiry). */
  expirationDate: date("expiration_date", { mode: "string" }),
  /** Work conditions as the Home Office words them ("20", "No self-employment"…); null when none. */
  maxWeeklyHours: text("max_weekly_hours"),
  noSelfEmployment: text("no_self_employment"),
  /** A status the register names but does not recognise as indefinite or time-limited. */
  statusRecognised: boolean("status_recognised").notNull().default(true),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});
export type EvisaRecord = typeof evisaRecords.$inferSelect;
