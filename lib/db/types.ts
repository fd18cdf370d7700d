import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as onboardingSchema from "../onboarding/schema";
import type * as schema from "./schema";

// The database's types, apart from the code that opens it: client.ts (which opens it) and the
// helpers it uses (prepared-query.ts) both read them here, so neither imports the other for a type.

/** Every table of the service and of the onboarding app, as client.ts hands them to Drizzle. */
export type Schema = typeof schema & typeof onboardingSchema;

/** One Drizzle type for both engines: code never needs to know which one it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
