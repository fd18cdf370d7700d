import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";

export type Engine = "pglite" | "postgres";

/** In-memory PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends Database {
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database. On PostgreSQL each call creates its own database (dropped by
 * dispose), so test files never see each other's rows.
 */
export async function createTestDatabase(engine: Engine, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let database: Database;
  let drop = async () => {};
  if (engine === "pglite") {
    database = await openDatabase({ kind: "pglite-memory" });
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
    const name = `idv_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
    drop = async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  }
  if (options.migrate !== false) await runMigrations(database);
  return {
    ...database,
    dispose: async () => {
      // pool.end() resolves before its sockets are closed; the forced drop may reach one of them.
      database.pool?.on("error", () => {});
      await database.close();
      await drop();
    },
  };
}
