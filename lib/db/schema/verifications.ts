import { sql } from "drizzle-orm";
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

// Wire values of `status` (wire-details: "Verification status on the wire").
export const verificationStatusEnum = pgEnum("verification_status", [
  "InProgress",
  "ReadyForReview",
  "Verified",
  "Refused",
  "Cancelled",
  "LockedOut",
  "Blocked",
  "ManuallyReviewed",
]);
export type VerificationStatus = (typeof verificationStatusEnum.enumValues)[number];

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    email: text("email").notNull(),
    workflowId: text("workflow_id").notNull(),
    status: verificationStatusEnum("status").notNull().default("InProgress"),
    verificationMethod: text("verification_method").notNull().default("Document"),
    redirectUrl: text("redirect_url"),
    externalId: text("external_id"),
    // The hosted flow is reached by this unguessable token, never by the id.
    hostedToken: text("hosted_token").notNull(),
    claimDetails: jsonb("claim_details")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    checks: jsonb("checks")
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    enrichments: jsonb("enrichments")
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("verifications_hosted_token_key").on(t.hostedToken),
    index("verifications_team_mode_created_idx").on(t.teamId, t.mode, t.createdAt.desc(), t.id.desc()),
    index("verifications_team_mode_status_idx").on(t.teamId, t.mode, t.status),
    index("verifications_team_mode_external_idx").on(t.teamId, t.mode, t.externalId),
  ],
);
export type Verification = typeof verifications.$inferSelect;
export type NewVerification = typeof verifications.$inferInsert;

/** The case's timeline: every transition, who made it and why. */
export const verificationEvents = pgTable(
  "verification_events",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    verificationId: text("verification_id")
      .notNull()
      .references(() => verifications.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    fromStatus: verificationStatusEnum("from_status"),
    toStatus: verificationStatusEnum("to_status").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("verification_events_case_idx").on(t.verificationId, t.createdAt)],
);
export type VerificationEvent = typeof verificationEvents.$inferSelect;
export type NewVerificationEvent = typeof verificationEvents.$inferInsert;
