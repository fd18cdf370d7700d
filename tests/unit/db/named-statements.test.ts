// Issue 14: on PostgreSQL the app's statements run as named prepared statements (parsed and
// planned once per connection), through drizzle and the pool as the app uses them, with the same
// results and errors, and a statement whose table changed shape keeps working.
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NamedStatementClient } from "@/lib/db/named-statements";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../../support/db";

const things = pgTable("named_things", { id: text("id").primaryKey(), n: integer("n").notNull() });

describe.skipIf(!postgresAvailable)("node-postgres with named statements (PostgreSQL)", () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;

  beforeAll(async () => {
    database = await createTestDatabase("postgres", { migrate: false });
    // One connection: every statement below meets the same server session.
    pool = new pg.Pool({ connectionString: database.url, max: 1, Client: NamedStatementClient });
    db = drizzle(pool);
    await pool.query("create table named_things (id text primary key, n int not null)");
  });
  afterAll(async () => {
    await pool.end();
    await database.dispose();
  });

  const prepared = async () =>
    (await pool.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map((r) => r.statement);

  it("prepares a drizzle statement once on the connection and reuses it, with the same results", async () => {
    await db.insert(things).values({ id: "a", n: 1 });
    await db.insert(things).values({ id: "b", n: 2 });
    const read = (id: string) => db.select().from(things).where(eq(things.id, id));
    expect(await read("a")).toEqual([{ id: "a", n: 1 }]);
    expect(await read("b")).toEqual([{ id: "b", n: 2 }]);
    expect(await read("zzz")).toEqual([]);
    const statements = await prepared();
    expect(statements.filter((s) => s.startsWith('select "id", "n" from "named_things"'))).toHaveLength(1);
    expect(statements.filter((s) => s.startsWith('insert into "named_things"'))).toHaveLength(1);
  });

  it("keeps errors as they were: a duplicate key is PostgreSQL's 23505, and the connection stays usable", async () => {
    const error = await db
      .insert(things)
      .values({ id: "a", n: 9 })
      .catch((e: { cause?: unknown }) => e.cause ?? e);
    expect(error).toMatchObject({ code: "23505" });
    expect(await db.select({ n: things.n }).from(things).where(eq(things.id, "a"))).toEqual([{ n: 1 }]);
  });

  it("runs inside transactions, committed or rolled back", async () => {
    await db.transaction(async (tx) => {
      await tx.insert(things).values({ id: "t1", n: 10 });
    });
    await db
      .transaction(async (tx) => {
        await tx.insert(things).values({ id: "t2", n: 20 });
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(
      (
        await db
          .select({ id: things.id })
          .from(things)
          .where(sql`${things.id} like 't%'`)
      ).map((r) => r.id),
    ).toEqual(["t1"]);
  });

  it("a statement whose table changed shape runs again (unnamed), through the pool's callback path too", async () => {
    const text = "select * from named_things where id = $1";
    expect((await pool.query(text, ["a"])).rows).toEqual([{ id: "a", n: 1 }]);
    await pool.query("alter table named_things add column extra int default 7");
    expect((await pool.query(text, ["a"])).rows).toEqual([{ id: "a", n: 1, extra: 7 }]);
    const client = await pool.connect();
    try {
      expect((await client.query({ text, values: ["b"] })).rows).toEqual([{ id: "b", n: 2, extra: 7 }]);
    } finally {
      client.release();
    }
  });
});
