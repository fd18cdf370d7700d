import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";

export type Engine = "pglite" | "postgres";

/** PostgreSQL tests run when TEST_DATABASE_URL is set (CI sets it); otherwise they are reported as skipped. */
export const postgresAvailable = !!process.env.TEST_DATABASE_URL;

/**
 * `describe.each` over both engines: PostgreSQL's block is reported as skipped when no database is
 * given, never silently absent (issue 15). `%s` in the title is the engine.
 */
export function describeEngines(title: string, body: (engine: Engine) => void): void {
  for (const engine of ["pglite", "postgres"] as const) {
    describe.skipIf(engine === "postgres" && !postgresAvailable)(title.replace("%s", engine), () => body(engine));
  }
}

export interface TestDatabase extends Database {
  /** The connection URL of a PostgreSQL test database (for tests that start other processes on it). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database. On PostgreSQL each call creates its own database (dropped by
 * dispose), so test files never see each other's rows.
 */
export async function createTestDatabase(engine: Engine, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let database: Database;
  let drop = async () => {};
  let databaseUrl: string | undefined;
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
    databaseUrl = url.toString();
    database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 5 });
    drop = async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      // pool.end() resolves before its sockets are closed: a forced drop would hit them mid-close.
      for (let i = 0; i < 100; i++) {
        const { rows } = await again.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  }
  if (options.migrate !== false) await runMigrations(database);
  return {
    ...database,
    url: databaseUrl,
    dispose: async () => {
      // pool.end() resolves before its sockets are closed; the forced drop may reach one of them.
      database.pool?.on("error", () => {});
      await database.close();
      await drop();
    },
  };
}
