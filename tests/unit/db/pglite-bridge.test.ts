// Issue 14: the pages' process reaches the API process's PGlite over the Postgres protocol
// (lib/db/pglite-bridge.ts). node-postgres clients get the same answers as on a server, and the
// one PGlite session stays consistent: a bridged transaction excludes the owner's statements and
// other clients until it ends, a client gone mid-transaction leaves nothing behind, and an error
// reaches only its own client.
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastReadyStatus, servePgliteBridge, withOwnNames, type PgliteBridge } from "@/lib/db/pglite-bridge";
import { openDatabase, type Database } from "@/lib/db/client";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PGlite bridge", () => {
  let owner: PGlite;
  let bridge: PgliteBridge;
  let dir: string;
  let pool: pg.Pool;

  const client = () => new pg.Client({ host: dir, port: 5432, user: "verity", database: "verity" });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "bridge-"));
    owner = await PGlite.create();
    await owner.exec("create table items (id int primary key, name text not null, at timestamptz, tags text[], doc jsonb)");
    bridge = await servePgliteBridge(owner, dir);
    pool = new pg.Pool({ host: dir, port: 5432, user: "verity", database: "verity", max: 4 });
  });

  afterAll(async () => {
    await pool.end();
    await bridge.close();
    await owner.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves its socket to the owner's user only", () => {
    expect(statSync(path.join(dir, ".s.PGSQL.5432")).mode & 0o777).toBe(0o600);
  });

  it("answers parameterised statements with typed rows, as a server would", async () => {
    await pool.query("insert into items values ($1, $2, $3, $4, $5)", [
      1,
      'Zoë "Q"',
      new Date("2026-11-26T06:00:00.250Z"),
      ["a", "b,c"],
      { k: [1, null] },
    ]);
    const { rows, rowCount } = await pool.query("select id, name, at, tags, doc from items where id = $1", [1]);
    expect(rowCount).toBe(1);
    expect(rows[0]).toEqual({
      id: 1,
      name: 'Zoë "Q"',
      at: new Date("2026-11-26T06:00:00.250Z"),
      tags: ["a", "b,c"],
      doc: { k: [1, null] },
    });
    // The owner sees the bridged write at once: one database.
    expect((await owner.query<{ name: string }>("select name from items where id = 1")).rows[0]!.name).toBe('Zoë "Q"');
  });

  it("runs simple queries with several statements, and reports an error to its client only", async () => {
    await pool.query("insert into items (id, name) values (2, 'two'); insert into items (id, name) values (3, 'three')");
    await expect(pool.query("insert into items (id, name) values ($1, $2)", [2, "again"])).rejects.toMatchObject({ code: "23505" });
    await expect(pool.query("select nope from items")).rejects.toMatchObject({ code: "42703" });
    const { rows } = await pool.query("select count(*)::int as n from items");
    expect(rows[0]).toEqual({ n: 3 });
  });

  it("works under drizzle's node-postgres driver", async () => {
    const db = drizzle(pool);
    const result = await db.execute(sql`select name from items where id = ${3}`);
    expect(result.rows).toEqual([{ name: "three" }]);
  });

  it("holds the owner's statements while a bridged transaction is open, and lets them run after it", async () => {
    const c = client();
    await c.connect();
    await c.query("begin");
    await c.query("insert into items (id, name) values (10, 'in tx')");
    let ownerDone = false;
    const ownerRead = owner.query<{ n: number }>("select count(*)::int as n from items where id = 10").then((r) => {
      ownerDone = true;
      return r.rows[0]!.n;
    });
    await wait(50);
    expect(ownerDone).toBe(false); // PGlite's one session is inside the client's transaction
    await c.query("commit");
    expect(await ownerRead).toBe(1);
    await c.end();
  });

  it("keeps two bridged transactions apart: the second begins after the first ends", async () => {
    const a = client();
    const b = client();
    await Promise.all([a.connect(), b.connect()]);
    await a.query("begin");
    await a.query("update items set name = 'a' where id = 2");
    const order: string[] = [];
    const second = (async () => {
      await b.query("begin");
      order.push("b began");
      const { rows } = await b.query("select name from items where id = 2");
      await b.query("commit");
      return rows[0].name as string;
    })();
    await wait(50);
    order.push("a commits");
    await a.query("commit");
    expect(await second).toBe("a");
    expect(order).toEqual(["a commits", "b began"]);
    await Promise.all([a.end(), b.end()]);
  });

  it("rolls back a failed transaction on ROLLBACK and frees the session", async () => {
    const c = client();
    await c.connect();
    await c.query("begin");
    await c.query("insert into items (id, name) values (20, 'kept?')");
    await expect(c.query("insert into items (id, name) values (20, 'dup')")).rejects.toMatchObject({ code: "23505" });
    await expect(c.query("select 1")).rejects.toMatchObject({ code: "25P02" });
    await c.query("rollback");
    expect((await owner.query("select 1 from items where id = 20")).rows).toHaveLength(0);
    await c.end();
  });

  it("rolls back the transaction of a client that goes away, and the owner goes on", async () => {
    const c = client();
    await c.connect();
    await c.query("begin");
    await c.query("insert into items (id, name) values (30, 'orphan')");
    (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    c.on("error", () => {});
    const { rows } = await owner.query("select 1 from items where id = 30");
    expect(rows).toHaveLength(0);
    expect(owner.isInTransaction()).toBe(false);
    await owner.transaction(async (tx) => tx.query("insert into items (id, name) values (31, 'owner')"));
    expect((await pool.query("select name from items where id = 31")).rows).toEqual([{ name: "owner" }]);
  });

  it("answers many concurrent clients' statements, interleaved with the owner's transactions", async () => {
    const work: Promise<number>[] = [];
    for (let i = 0; i < 40; i++) {
      work.push(
        pool.query("insert into items (id, name) values ($1, $2) returning id", [100 + i, `n${i}`]).then((r) => r.rows[0].id as number),
      );
      if (i % 10 === 0)
        work.push(
          owner.transaction(
            async (tx) =>
              (await tx.query<{ id: number }>("insert into items (id, name) values ($1, 'o') returning id", [200 + i])).rows[0]!.id,
          ),
        );
    }
    const ids = await Promise.all(work);
    expect(ids.sort((x, y) => x - y)).toEqual([...Array.from({ length: 40 }, (_, i) => 100 + i), 200, 210, 220, 230]);
    const { rows } = await pool.query("select count(*)::int as n from items where id >= 100");
    expect(rows[0]).toEqual({ n: 44 });
  });

  it("keeps each connection's prepared statement names its own, and closes them when it goes", async () => {
    const a = client();
    const b = client();
    await Promise.all([a.connect(), b.connect()]);
    // The same name for different statements on two connections, as two server sessions allow.
    expect((await a.query({ name: "same_name", text: "select $1::int + 1 as n", values: [1] })).rows).toEqual([{ n: 2 }]);
    expect((await b.query({ name: "same_name", text: "select $1::text || '!' as s", values: ["b"] })).rows).toEqual([{ s: "b!" }]);
    expect((await a.query({ name: "same_name", text: "select $1::int + 1 as n", values: [41] })).rows).toEqual([{ n: 42 }]);
    const held = async () =>
      (await owner.query<{ name: string }>("select name from pg_prepared_statements where name like '%same_name' order by name")).rows
        .length;
    expect(await held()).toBe(2);
    await a.end();
    await b.end();
    await wait(50);
    expect(await held()).toBe(0);
  });

  it("is what openDatabase opens as 'pglite-bridge': PostgreSQL to its process", async () => {
    const database: Database = await openDatabase({ kind: "pglite-bridge", socketDir: dir, poolSize: 2 });
    try {
      expect(database.kind).toBe("postgres");
      const rows = (await database.db.execute(sql`select name from items where id = ${31}`)) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([{ name: "owner" }]);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (id, name) values (${40}, ${"drizzle tx"})`);
      });
      expect((await owner.query("select name from items where id = 40")).rows).toEqual([{ name: "drizzle tx" }]);
    } finally {
      await database.close();
    }
  });
});

describe("a bridge without a directory given", () => {
  it("serves from a private directory of its own and removes it on close", async () => {
    const owner = await PGlite.create();
    const bridge = await servePgliteBridge(owner);
    try {
      expect(statSync(bridge.socketDir).mode & 0o777).toBe(0o700);
      const c = new pg.Client({ host: bridge.socketDir, port: 5432, user: "verity", database: "verity" });
      await c.connect();
      expect((await c.query("select 1 + 1 as n")).rows).toEqual([{ n: 2 }]);
      await c.end();
    } finally {
      await bridge.close();
      await owner.close();
    }
    expect(existsSync(bridge.socketDir)).toBe(false);
  });
});

describe("withOwnNames", () => {
  const frame = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(type, 0, "latin1");
    head.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const z = (text: string) => Buffer.from(`${text}\0`, "utf8");

  it("prefixes the names of Parse, Bind, Describe, Execute and Close, and leaves unnamed ones", () => {
    const statements = new Set<string>();
    const parse = frame("P", Buffer.concat([z("st"), z("select 1"), Buffer.from([0, 0])]));
    expect(withOwnNames(parse, "b7_", statements)).toEqual(frame("P", Buffer.concat([z("b7_st"), z("select 1"), Buffer.from([0, 0])])));
    expect([...statements]).toEqual(["st"]);
    const tail = Buffer.from([0, 0, 0, 0, 0, 0]);
    expect(withOwnNames(frame("B", Buffer.concat([z(""), z("st"), tail])), "b7_", statements)).toEqual(
      frame("B", Buffer.concat([z(""), z("b7_st"), tail])),
    );
    expect(withOwnNames(frame("B", Buffer.concat([z("pt"), z(""), tail])), "b7_", statements)).toEqual(
      frame("B", Buffer.concat([z("b7_pt"), z(""), tail])),
    );
    expect(withOwnNames(frame("D", Buffer.concat([Buffer.from("S"), z("st")])), "b7_", statements)).toEqual(
      frame("D", Buffer.concat([Buffer.from("S"), z("b7_st")])),
    );
    expect(withOwnNames(frame("E", Buffer.concat([z(""), Buffer.from([0, 0, 0, 0])])), "b7_", statements)).toEqual(
      frame("E", Buffer.concat([z(""), Buffer.from([0, 0, 0, 0])])),
    );
    expect(withOwnNames(frame("C", Buffer.concat([Buffer.from("S"), z("st")])), "b7_", statements)).toEqual(
      frame("C", Buffer.concat([Buffer.from("S"), z("b7_st")])),
    );
    expect(statements.size).toBe(0);
    const sync = frame("S", Buffer.alloc(0));
    expect(withOwnNames(sync, "b7_", statements)).toBe(sync);
  });

  it("refuses a name without its terminator", () => {
    expect(() => withOwnNames(frame("P", Buffer.from("st")), "b1_", new Set())).toThrow("malformed");
  });
});

describe("lastReadyStatus", () => {
  it("reads the status of the last ReadyForQuery in a reply", () => {
    const z = (s: string) => [0x5a, 0, 0, 0, 5, s.charCodeAt(0)];
    const commandComplete = [0x43, 0, 0, 0, 10, ...Buffer.from("BEGIN\0")];
    expect(lastReadyStatus(Uint8Array.from([...commandComplete, ...z("T")]))).toBe("T");
    expect(lastReadyStatus(Uint8Array.from([...z("T"), ...commandComplete, ...z("I")]))).toBe("I");
    expect(lastReadyStatus(Uint8Array.from([...z("E")]))).toBe("E");
    expect(lastReadyStatus(Uint8Array.from(commandComplete))).toBeNull();
  });
});
