import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Database } from "./client";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Any constant works; it only has to be the same in every instance of the app.
const MIGRATION_LOCK_KEY = 727_001;

/** Applies every pending migration. The same SQL files serve PGlite and PostgreSQL. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // Several app instances may start at once on one PostgreSQL: serialise them on an advisory
  // lock held by one connection, so each migration runs exactly once.
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
