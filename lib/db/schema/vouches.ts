import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";
import { verifications } from "./verifications";

/**
 * A referee named for a person's vouch step (issue 13). The referee verifies themselves in their
 * own case (`refereeVerificationId`, workflow `referee-check`: photo ID, video selfie, then the
 * confirmation), as the real API's `referee_verification_id` says; the person's case waits.
 */
export const vouches = pgTable(
  "vouches",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    verificationId: text("verification_id")
      .notNull()
      .references(() => verifications.id, { onDelete: "cascade" }),
    refereeVerificationId: text("referee_verification_id")
      .notNull()
      .references(() => verifications.id, { onDelete: "cascade" }),
    /** personal_referee | professional_referee (real-api.md VouchEvidenceApi). */
    kind: text("kind").notNull(),
    refereeName: text("referee_name").notNull(),
    /** Lower-cased: one referee's vouches are counted by it. */
    refereeEmail: text("referee_email").notNull(),
    relationship: text("relationship").notNull(),
    knownYears: text("known_years").notNull(),
    profession: text("profession"),
    /** invited → vouched | declined | refused (self-vouch) | locked_out | failed */
    status: text("status").notNull().default("invited"),
    /** The referee's answers: name, photo, date_of_birth, address → yes | no | not_sure; declaration. */
    answers: jsonb("answers").$type<Record<string, string>>(),
    reason: text("reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("vouches_verification_idx").on(t.verificationId),
    index("vouches_referee_case_idx").on(t.refereeVerificationId),
    index("vouches_referee_email_idx").on(t.teamId, t.refereeEmail, t.createdAt),
  ],
);
export type Vouch = typeof vouches.$inferSelect;
