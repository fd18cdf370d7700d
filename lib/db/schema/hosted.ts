import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";
import { verifications } from "./verifications";

/** Where a live case's person is in the hosted flow: one row per case, made on the first visit. */
export const hostedSessions = pgTable(
  "hosted_sessions",
  {
    verificationId: text("verification_id")
      .primaryKey()
      .references(() => verifications.id, { onDelete: "cascade" }),
    ...tenantColumns(),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    claimConfirmedAt: timestamp("claim_confirmed_at", { withTimezone: true }),
    /** The photo ID the person chose: passport | national_id | driving_licence. */
    documentKind: text("document_kind"),
    /** Step name → the accepted attempt's id (a step is done once it has one). */
    accepted: jsonb("accepted")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Engine runs in the current window (per-token limit on uploads that reach an engine). */
    uploadWindowStart: timestamp("upload_window_start", { withTimezone: true }),
    uploadCount: integer("upload_count").notNull().default(0),
    /** When a handoff link was opened on another device (the desktop page shows it). */
    handoffOpenedAt: timestamp("handoff_opened_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** The check job: queued at submission, leased while it runs, stamped when decided. */
    checksLeaseUntil: timestamp("checks_lease_until", { withTimezone: true }),
    checksRuns: integer("checks_runs").notNull().default(0),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** The Expired event went out (once per case). */
    expiryNotifiedAt: timestamp("expiry_notified_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("hosted_sessions_checks_idx").on(t.submittedAt, t.checkedAt)],
);
export type HostedSession = typeof hostedSessions.$inferSelect;
export type NewHostedSession = typeof hostedSessions.$inferInsert;

/**
 * Every engine judgement of a step (accepted, retake, failed): the attempts count, the console's
 * history and the check job's input (`result` is what the engine found, evidence ids included).
 */
export const hostedAttempts = pgTable(
  "hosted_attempts",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    verificationId: text("verification_id")
      .notNull()
      .references(() => verifications.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    outcome: text("outcome").notNull(), // "accepted" | "retake" | "failed"
    /** Counts towards the step's attempt limit. */
    counted: integer("counted").notNull().default(1),
    reason: text("reason"),
    evidenceIds: jsonb("evidence_ids")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    result: jsonb("result")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
  },
  (t) => [index("hosted_attempts_case_idx").on(t.verificationId, t.step, t.createdAt)],
);
export type HostedAttempt = typeof hostedAttempts.$inferSelect;
export type NewHostedAttempt = typeof hostedAttempts.$inferInsert;

/** Single-use, short-lived desktop → phone links (only the hash is kept). */
export const hostedHandoffs = pgTable(
  "hosted_handoffs",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    verificationId: text("verification_id")
      .notNull()
      .references(() => verifications.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("hosted_handoffs_code_key").on(t.codeHash), index("hosted_handoffs_case_idx").on(t.verificationId)],
);
export type HostedHandoff = typeof hostedHandoffs.$inferSelect;

/** The selfie challenge of one attempt, kept server-side so the browser cannot choose its own. */
export const hostedChallenges = pgTable(
  "hosted_challenges",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    verificationId: text("verification_id")
      .notNull()
      .references(() => verifications.id, { onDelete: "cascade" }),
    steps: jsonb("steps").$type<string[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("hosted_challenges_case_idx").on(t.verificationId, t.createdAt)],
);
export type HostedChallenge = typeof hostedChallenges.$inferSelect;

/** A team's hosted-flow settings for one mode; a missing row means the defaults. */
export const hostedSettings = pgTable(
  "hosted_settings",
  {
    ...tenantColumns(),
    /** Failed attempts allowed per step before the case is locked out (the spec's vendor: 5). */
    maxAttempts: integer("max_attempts").notNull().default(5),
    /** Professions a professional referee may have (null: the built-in list, lib/server/vouch/referee-rules.ts). */
    refereeProfessions: jsonb("referee_professions").$type<string[]>(),
    /** People one referee may vouch for per year (null: the default, 3). */
    refereeLimit: integer("referee_limit"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.mode] })],
);
export type HostedSettings = typeof hostedSettings.$inferSelect;

/**
 * Evidence kept outside the database (a folder or an S3 bucket): where its encrypted bytes are.
 * No foreign key to evidence_files on purpose: when retention deletes the file's row, this row
 * stays behind so the sweep can delete the object too, then itself.
 */
export const evidenceObjects = pgTable(
  "evidence_objects",
  {
    evidenceId: text("evidence_id").primaryKey(),
    ...tenantColumns(),
    backend: text("backend").notNull(), // "folder" | "s3"
    objectKey: text("object_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("evidence_objects_created_idx").on(t.createdAt)],
);
export type EvidenceObject = typeof evidenceObjects.$inferSelect;
