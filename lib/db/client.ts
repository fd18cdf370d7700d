import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";
import * as onboardingSchema from "../onboarding/schema";
import { lockDataDir } from "./pglite-lock";
import { NamedStatementClient } from "./named-statements";
import { preparedPglite } from "./pglite-prepared";
import { BRIDGE_PORT } from "./pglite-bridge";
import type { Db, Schema } from "./types";

const fullSchema: Schema = { ...schema, ...onboardingSchema };
export type { Db, Schema } from "./types";

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory" }
  | { kind: "postgres"; url: string; poolSize?: number }
  /** The owner process's PGlite over its bridge (pglite-bridge.ts): PostgreSQL to this process. */
  | { kind: "pglite-bridge"; socketDir: string; poolSize?: number };

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PostgreSQL pool (absent on PGlite). */
  pool?: pg.Pool;
  /** The embedded database itself (PGlite only), for its bridge to the pages' process. */
  pglite?: PGlite;
  /** Runs raw SQL (several statements allowed); used by migrations and test set-up. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres" || target.kind === "pglite-bridge") {
    // Clients name the app's statements, so PostgreSQL parses and plans each once per connection
    // (over the bridge too: it keeps each connection's names apart in PGlite's one session).
    const pool =
      target.kind === "postgres"
        ? new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, Client: NamedStatementClient })
        : new pg.Pool({
            host: target.socketDir,
            port: BRIDGE_PORT,
            user: "verity",
            database: "verity",
            max: target.poolSize ?? 4,
            Client: NamedStatementClient,
          });
    // An idle client's error (for example PostgreSQL restarting) must not crash the process: the
    // pool drops that client and the next query connects again.
    pool.on("error", (error) => console.error("[db] idle PostgreSQL connection failed:", error.message));
    // Fail fast with the server's own message instead of on the first query.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg(pool, { schema: fullSchema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      pool,
      exec: async (sql) => void (await pool.query(sql)),
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let client: PGlite;
  if (target.kind === "pglite") {
    release = lockDataDir(target.dataDir);
    try {
      client = await PGlite.create(path.join(target.dataDir, "pglite"), { extensions: { vector } });
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions: { vector } });
  }
  // Drizzle runs its statements through named prepared statements (pglite-prepared.ts); `$client`
  // stays the PGlite itself for code that needs its own API (the job queue).
  const db = drizzlePglite(preparedPglite(client) as unknown as PGlite, { schema: fullSchema }) as unknown as Db;
  (db as unknown as { $client: PGlite }).$client = client;
  return {
    db,
    kind: "pglite",
    pglite: client,
    exec: async (sql) => void (await client.exec(sql)),
    close: async () => {
      await client.close();
      release();
    },
  };
}
