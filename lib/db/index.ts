import { getConfig } from "../config";
import { openDatabase, type Database, type Db } from "./client";
import { runMigrations } from "./migrate";
import { DB_BRIDGE_ENV } from "./pglite-bridge";

export type { Db, Database } from "./client";

// One database per process. Next bundles its own copy of this module beside the one the custom
// server loads, so the instance lives on globalThis: two PGlite instances on one folder would
// lose writes. Opened lazily, never at import (else `next build` would open it).
const KEY = Symbol.for("idv.database");
type Holder = { [KEY]?: Promise<Database> };
const holder = globalThis as Holder;

/** Opens the configured database (PGlite under DATA_DIR, or DATABASE_URL) and migrates it. */
export function getDatabase(): Promise<Database> {
  holder[KEY] ??= (async () => {
    const { database } = getConfig();
    // The pages' process of a production server reaches the embedded database through the API
    // process that owns it (and migrated it before starting this one).
    const bridge = process.env[DB_BRIDGE_ENV];
    if (bridge && database.kind === "pglite") return openDatabase({ kind: "pglite-bridge", socketDir: bridge });
    const opened = await openDatabase(database);
    await runMigrations(opened);
    return opened;
  })();
  return holder[KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Tests and tools install their own database (for example in-memory PGlite). */
export function setDatabase(database: Database): void {
  holder[KEY] = Promise.resolve(database);
}

export async function closeDatabase(): Promise<void> {
  const current = holder[KEY];
  delete holder[KEY];
  if (current) await (await current).close();
}
