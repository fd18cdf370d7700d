import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations from the schema. They are applied by the app's own
// migrator (lib/db/migrate.ts) on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./lib/db/schema/index.ts", "./lib/onboarding/schema.ts"],
  out: "./lib/db/migrations",
});
