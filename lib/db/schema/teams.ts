import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common";

export const roleEnum = pgEnum("member_role", ["owner", "admin", "reviewer", "viewer"]);
export type Role = (typeof roleEnum.enumValues)[number];

export const teams = pgTable(
  "teams",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    // spec 2.2: verifications without redirect_url fall back to this.
    defaultRedirectUrl: text("default_redirect_url"),
    /** The name end users see (hosted pages, emails); the team's own name when null. */
    publicName: text("public_name"),
    /** An https URL of the team's logo, stored as given (never fetched by the server). */
    logoUrl: text("logo_url"),
    /** The real API's TeamPlan: Trial | PAYG | Lite | Flex | Enterprise. */
    plan: text("plan").notNull().default("PAYG"),
    /** A partner may create teams through POST /api/v1/team (set by the platform operator's CLI). */
    partner: boolean("partner").notNull().default(false),
    /** The partner team that created this one through the API, if any. */
    parentTeamId: text("parent_team_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("teams_slug_key").on(t.slug)],
);
export type Team = typeof teams.$inferSelect;
export type NewTeam = typeof teams.$inferInsert;

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const memberships = pgTable(
  "memberships",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
    createdAt: createdAt(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);
export type Membership = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;
