import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { teams } from "./teams";

/**
 * Every email the platform sends, whatever the transport: with SMTP configured it is also handed
 * to the server (status sent/failed); without, the built-in local mailbox keeps it here
 * (status stored) and the console shows it.
 */
export const outboundEmails = pgTable(
  "outbound_emails",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").references(() => teams.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    transport: text("transport").notNull(), // "smtp" | "local"
    status: text("status").notNull(), // "stored" | "sent" | "failed"
    error: text("error"),
    meta: jsonb("meta").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbound_emails_team_created_idx").on(t.teamId, t.createdAt)],
);
export type OutboundEmail = typeof outboundEmails.$inferSelect;
export type NewOutboundEmail = typeof outboundEmails.$inferInsert;
