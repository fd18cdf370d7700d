// npm run db:migrate – applies pending migrations to the configured database, then exits.
import { ConfigError, getConfig } from "../lib/config";
import { loadEnvFiles } from "../lib/load-env";
import { openDatabase } from "../lib/db/client";
import { runMigrations } from "../lib/db/migrate";

loadEnvFiles(false);
try {
  const config = getConfig();
  const database = await openDatabase(config.database);
  await runMigrations(database);
  await database.close();
  console.log(JSON.stringify({ ok: true, database: config.database.kind }));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
