import { pgEnum, timestamp } from "drizzle-orm/pg-core";

/** Live and sandbox data never mix: every tenant row carries its mode (ARCHITECTURE: modes). */
export const modeEnum = pgEnum("mode", ["live", "sandbox"]);
export type Mode = (typeof modeEnum.enumValues)[number];

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
