// Issue 14: PGlite through named prepared statements answers exactly what PGlite's own query()
// answers (values, types, row modes, counts, errors, transactions), and survives schema changes
// and more distinct statements than it keeps prepared.
import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedPglite, type PreparedPglite } from "@/lib/db/pglite-prepared";

// The parsers drizzle passes for its selects: dates and times stay strings.
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: (v: string) => v,
  [types.TIMESTAMPTZ]: (v: string) => v,
  [types.DATE]: (v: string) => v,
  [types.INTERVAL]: (v: string) => v,
};

let pg: PGlite;
let fast: PreparedPglite;

beforeAll(async () => {
  pg = await PGlite.create();
  fast = preparedPglite(pg);
  await pg.exec(`
    create table items (
      id text primary key, n int4, big int8, ratio float8, price numeric, ok boolean, doc jsonb, tags text[],
      raw bytea, at timestamptz, day date, note text
    );
    insert into items values
      ('a', 1, 9007199254740993, 0.5, 12.30, true, '{"x":[1,2],"y":"é"}', '{red,"blue green"}', '\\x00ff10', '2026-11-26 10:00:00+00', '2026-11-26', null),
      ('b', -7, 2, 1e-3, 0, false, '[]', '{}', '\\x', '2001-02-03 04:05:06.789+00', '1999-12-31', 'it''s');
  `);
});
afterAll(() => pg.close());

const SELECT = "select * from items where id = any($1::text[]) order by id";

describe("PGlite through prepared statements", () => {
  it("answers the same rows, fields and types as query(), in object and array mode, with and without parsers", async () => {
    for (const options of [
      undefined,
      { rowMode: "array" as const },
      { rowMode: "array" as const, parsers: DRIZZLE_PARSERS },
      { parsers: DRIZZLE_PARSERS },
    ]) {
      const expected = await pg.query(SELECT, [["a", "b"]], options);
      // Twice: the first prepares, the second reuses the statement.
      for (let i = 0; i < 2; i++) {
        const got = await fast.query(SELECT, [["a", "b"]], options);
        expect(got.rows).toEqual(expected.rows);
        expect(got.fields).toEqual(expected.fields);
        expect(got.affectedRows).toBe(0);
      }
    }
    // Spot checks against literal values, not only against query().
    const [a] = (await fast.query<Record<string, unknown>>(SELECT, [["a"]])).rows;
    expect(a).toMatchObject({ id: "a", n: 1, ratio: 0.5, ok: true, doc: { x: [1, 2], y: "é" }, tags: ["red", "blue green"], note: null });
    expect(a!.raw).toEqual(new Uint8Array([0, 255, 16]));
    expect(a!.at).toEqual(new Date("2026-11-26T10:00:00Z"));
    const [row] = (
      await fast.query<unknown[]>("select at, day from items where id = $1", ["b"], { rowMode: "array", parsers: DRIZZLE_PARSERS })
    ).rows;
    expect(row).toEqual(["2001-02-03 04:05:06.789+00", "1999-12-31"]);
  });

  it("serialises parameters by their described types: dates, JSON, arrays, booleans, null", async () => {
    await fast.query("insert into items (id, n, ok, doc, tags, at, note) values ($1, $2, $3, $4, $5, $6, $7)", [
      "c",
      3,
      false,
      { k: [true, null] },
      ["x", 'y "z"'],
      new Date("2020-01-01T00:00:00Z"),
      null,
    ]);
    const { rows } = await pg.query<Record<string, unknown>>("select n, ok, doc, tags, at, note from items where id = 'c'");
    expect(rows[0]).toEqual({
      n: 3,
      ok: false,
      doc: { k: [true, null] },
      tags: ["x", 'y "z"'],
      at: new Date("2020-01-01T00:00:00Z"),
      note: null,
    });
  });

  it("sends long text, varchar, json and jsonb values in the binary format with the same outcome as query()", async () => {
    const long = (n: number) => `Zoë's 😀 ${"ab\u00e9\u4e2d".repeat(n)}`;
    const doc = { name: long(100), list: Array.from({ length: 50 }, (_, i) => ({ i, s: long(2) })) };
    const statement = "select $1::text as t, $2::varchar as v, $3::json as j, $4::jsonb as b, length($1::text) as n";
    for (const text of [long(1), long(500)]) {
      const params = [text, text, JSON.stringify(doc), doc];
      const expected = (await pg.query<Record<string, unknown>>(statement, params)).rows;
      const got = (await fast.query<Record<string, unknown>>(statement, params)).rows;
      expect(got).toEqual(expected);
      expect(got[0]).toMatchObject({ t: text, v: text, j: doc, b: doc, n: [...text].length });
    }
    // The jsonb rows of a grouped insert (lib/db/grouped-insert.ts), far past the binary threshold.
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: `g${i}`, doc }));
    const inserted = await fast.query(
      "insert into items (id, doc) select id, doc from jsonb_to_recordset($1::jsonb) as r(id text, doc jsonb)",
      [JSON.stringify(rows)],
    );
    expect(inserted.affectedRows).toBe(40);
    expect((await pg.query<{ doc: unknown }>("select doc from items where id = 'g39'")).rows[0]!.doc).toEqual(doc);
    await pg.query("delete from items where id like 'g%'");
    // Bad values are refused alike: malformed JSON, a NUL character; a lone surrogate becomes U+FFFD alike.
    for (const [sql, value] of [
      ["select $1::jsonb as b", `{"broken": ${"1".repeat(300)}`],
      ["select $1::json as j", `[${"1,".repeat(300)}`],
      ["select $1::text as t", `nul\u0000${"x".repeat(300)}`],
    ] as const) {
      const expected = await pg.query(sql, [value]).catch((e: { code?: string }) => e.code ?? "error");
      const got = await fast.query(sql, [value]).catch((e: { code?: string }) => e.code ?? "error");
      expect(typeof got === "string" ? got : "answered").toBe(typeof expected === "string" ? expected : "answered");
      expect(typeof got).toBe("string");
    }
    const surrogate = `lone \ud800 ${"x".repeat(300)}`;
    expect((await fast.query("select $1::text as t", [surrogate])).rows).toEqual(
      (await pg.query("select $1::text as t", [surrogate])).rows,
    );
  });

  it("counts affected rows and returns RETURNING rows", async () => {
    const updated = await fast.query("update items set note = $1 where id in ($2, $3)", ["seen", "a", "b"]);
    expect(updated.affectedRows).toBe(2);
    expect(updated.rows).toEqual([]);
    const returned = await fast.query<{ id: string }>("delete from items where id = $1 returning id", ["c"]);
    expect(returned.affectedRows).toBe(1);
    expect(returned.rows).toEqual([{ id: "c" }]);
  });

  it("throws PGlite's DatabaseError with its code, the query and the params, and stays usable", async () => {
    const error = await fast.query("insert into items (id) values ($1)", ["a"]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", constraint: "items_pkey", query: "insert into items (id) values ($1)", params: ["a"] });
    const syntax = await fast.query("select * from nowhere where id = $1", ["a"]).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: "42P01" });
    expect((await fast.query("select count(*)::int as n from items")).rows).toEqual([{ n: 2 }]);
  });

  it("runs prepared statements inside transactions: committed together, or rolled back together", async () => {
    await fast.transaction(async (tx) => {
      await tx.query("insert into items (id, n) values ($1, $2)", ["t1", 10]);
      await tx.query("insert into items (id, n) values ($1, $2)", ["t2", 20]);
    });
    const failed = await fast
      .transaction(async (tx) => {
        await tx.query("insert into items (id, n) values ($1, $2)", ["t3", 30]);
        await tx.query("insert into items (id, n) values ($1, $2)", ["t1", 40]); // duplicate key
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: "23505" });
    const { rows } = await pg.query<{ id: string; n: number }>("select id, n from items where id like 't%' order by id");
    expect(rows).toEqual([
      { id: "t1", n: 10 },
      { id: "t2", n: 20 },
    ]);
  });

  it("never runs a statement inside another caller's transaction", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    const tx = fast.transaction(async (t) => {
      await t.query("insert into items (id) values ($1)", ["iso"]);
      await gate;
      seen.push("tx done");
      await t.rollback();
    });
    const outside = fast.query<{ n: number }>("select count(*)::int as n from items where id = $1", ["iso"]).then((r) => {
      seen.push(`outside saw ${r.rows[0]!.n}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([tx, outside]);
    expect(seen).toEqual(["tx done", "outside saw 0"]);
  });

  it("prepares again a statement whose table changed shape", async () => {
    const query = "select * from items where id = $1";
    expect(Object.keys((await fast.query<Record<string, unknown>>(query, ["a"])).rows[0]!)).not.toContain("extra");
    await pg.exec("alter table items add column extra int default 5");
    expect((await fast.query<Record<string, unknown>>(query, ["a"])).rows[0]).toMatchObject({ id: "a", extra: 5 });
  });

  it("keeps at most 500 statements prepared, closing the least recently used", async () => {
    for (let i = 0; i < 620; i++) {
      const { rows } = await fast.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(rows[0]!.v).toBe(1 + i);
    }
    expect(fast.preparedCount).toBe(500);
    const { rows } = await pg.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where name like 'verity_%'");
    expect(rows[0]!.n).toBe(500);
  });

  it("leaves statements it does not prepare to PGlite: DDL and several statements at once", async () => {
    await fast.query("create table if not exists other (id int)");
    expect((await fast.exec("insert into other values (1); select count(*)::int as n from other"))[1]!.rows).toEqual([{ n: 1 }]);
  });
});
