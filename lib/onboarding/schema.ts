import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// The onboarding app's own tables (it is a client of the service and shares no service table).
export const applicants = pgTable(
  "onboarding_applicants",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    dateOfBirth: text("date_of_birth").notNull(),
    address: jsonb("address").$type<Record<string, string>>(),
    state: text("state").notNull().default("pending"),
    riskResult: jsonb("risk_result").$type<Record<string, unknown>>(),
    verificationId: text("verification_id"),
    verificationStatus: text("verification_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("onboarding_applicants_verification_idx").on(t.verificationId)],
);
export type Applicant = typeof applicants.$inferSelect;

/** Webhooks received from the service, stored once per `webhook-id`. */
export const receivedEvents = pgTable(
  "onboarding_received_events",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id").notNull(),
    event: text("event").notNull(),
    applicantId: text("applicant_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("onboarding_received_events_webhook_id_key").on(t.webhookId)],
);
export type ReceivedEvent = typeof receivedEvents.$inferSelect;
