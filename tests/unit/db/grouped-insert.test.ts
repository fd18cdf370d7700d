// Issue 14: group commit. Concurrent units (an assessment and its network observation) share one
// statement, on both engines; each unit stays atomic and each caller sees only its own unit's
// error; inside a transaction a unit is that transaction's own statement. Values read back are
// the literal ones written (dates, jsonb, enum, nulls).
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { groupedInsert } from "@/lib/db/grouped-insert";
import { networkIdentities, riskAssessments, teams } from "@/lib/db/schema";
import { createTestDatabase, describeEngines, type TestDatabase } from "../../support/db";

const store = groupedInsert({ assessment: riskAssessments, observation: networkIdentities });
const at = new Date("2026-11-26T03:40:00.123Z");

function unit(n: number, teamId = "team_g") {
  return {
    assessment: [
      {
        id: `risk_g${n}`,
        teamId,
        mode: n % 2 ? ("live" as const) : ("sandbox" as const),
        email: `p${n}@example.com`,
        firstName: "Zoë",
        lastName: 'O\'Brien "Q"',
        dateOfBirth: "1990-01-31",
        report: "headline",
        riskScore: n % 3 === 0 ? null : n,
        recommendation: n % 3 === 0 ? null : "APPROVE",
        enrichments: ["AML", "ONLINE_FOOTPRINT"],
        response: { id: `risk_g${n}`, nested: { list: [1, "two", null], text: 'ü\n"' } },
        billable: n % 2 === 1,
        createdAt: at,
      },
    ],
    observation:
      n % 2
        ? [
            {
              id: `net_g${n}`,
              teamId,
              source: "risk_assessment",
              sourceId: `risk_g${n}`,
              emailKey: `ek${n}`,
              identityKey: n % 4 === 1 ? null : `ik${n}`,
              createdAt: at,
            },
          ]
        : [],
  };
}

describeEngines("grouped inserts (%s)", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(teams).values({ id: "team_g", name: "G", slug: "g" });
  });
  afterAll(async () => database.dispose());

  it("stores every unit of a burst once, with its values as written", async () => {
    const { db } = database;
    const execute = vi.spyOn(db, "execute");
    await Promise.all(Array.from({ length: 40 }, (_, n) => store(db, unit(n))));
    const statements = execute.mock.calls.length;
    execute.mockRestore();
    // All forty were queued in one turn of the event loop: one statement.
    expect(statements).toBe(1);

    const ids = Array.from({ length: 40 }, (_, n) => `risk_g${n}`);
    const rows = await db.select().from(riskAssessments).where(inArray(riskAssessments.id, ids));
    expect(rows).toHaveLength(40);
    const seven = rows.find((r) => r.id === "risk_g7")!;
    expect(seven).toEqual({
      id: "risk_g7",
      teamId: "team_g",
      mode: "live",
      email: "p7@example.com",
      firstName: "Zoë",
      lastName: 'O\'Brien "Q"',
      dateOfBirth: "1990-01-31",
      report: "headline",
      riskScore: 7,
      recommendation: "APPROVE",
      enrichments: ["AML", "ONLINE_FOOTPRINT"],
      response: { id: "risk_g7", nested: { list: [1, "two", null], text: 'ü\n"' } },
      billable: true,
      createdAt: at,
    });
    const six = rows.find((r) => r.id === "risk_g6")!;
    expect([six.mode, six.riskScore, six.recommendation, six.billable]).toEqual(["sandbox", null, null, false]);

    const observed = await db.select().from(networkIdentities).where(eq(networkIdentities.teamId, "team_g"));
    expect(observed.map((o) => o.id).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `net_g${2 * i + 1}`).sort());
    expect(observed.find((o) => o.id === "net_g5")).toEqual({
      id: "net_g5",
      teamId: "team_g",
      source: "risk_assessment",
      sourceId: "risk_g5",
      emailKey: "ek5",
      identityKey: null,
      createdAt: at,
    });
    expect(observed.find((o) => o.id === "net_g3")?.identityKey).toBe("ik3");
  });

  it("fails only the unit that fails, and keeps none of its rows", async () => {
    const { db } = database;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, n) => store(db, unit(100 + n, n === 5 ? "team_missing" : "team_g"))),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 12 }, (_, n) => (n === 5 ? "rejected" : "fulfilled")));
    const failure = (results[5] as PromiseRejectedResult).reason as { code?: string; cause?: { code?: string } };
    expect(failure.cause?.code ?? failure.code).toBe("23503"); // foreign key: no such team
    const stored = await db
      .select({ id: riskAssessments.id })
      .from(riskAssessments)
      .where(
        inArray(
          riskAssessments.id,
          Array.from({ length: 12 }, (_, n) => `risk_g${100 + n}`),
        ),
      );
    expect(stored.map((r) => r.id).sort()).toEqual(
      Array.from({ length: 12 }, (_, n) => `risk_g${100 + n}`)
        .filter((id) => id !== "risk_g105")
        .sort(),
    );
    // Unit 105 is live (odd): its observation went with it.
    expect(await db.select().from(networkIdentities).where(eq(networkIdentities.id, "net_g105"))).toEqual([]);
  });

  it("puts at most 64 units in a statement", async () => {
    const { db } = database;
    const execute = vi.spyOn(db, "execute");
    await Promise.all(Array.from({ length: 100 }, (_, n) => store(db, unit(300 + n))));
    expect(execute).toHaveBeenCalledTimes(2);
    execute.mockRestore();
    const stored = await db
      .select({ id: riskAssessments.id })
      .from(riskAssessments)
      .where(sql`${riskAssessments.id} like 'risk_g3__'`);
    expect(stored).toHaveLength(100);
  });

  it("runs a unit on its own when nothing else is queued", async () => {
    const { db } = database;
    const execute = vi.spyOn(db, "execute");
    await store(db, unit(200));
    await store(db, unit(201));
    expect(execute).toHaveBeenCalledTimes(2);
    execute.mockRestore();
    expect(
      await db
        .select({ id: riskAssessments.id })
        .from(riskAssessments)
        .where(inArray(riskAssessments.id, ["risk_g200", "risk_g201"])),
    ).toHaveLength(2);
  });
});

describe("grouped inserts inside a transaction", () => {
  it("run in the transaction, so a rollback takes them back", async () => {
    const database = await createTestDatabase("pglite");
    try {
      await database.db.insert(teams).values({ id: "team_g", name: "G", slug: "g" });
      await expect(
        database.db.transaction(async (tx) => {
          await store(tx as never, unit(1));
          expect(await tx.select({ id: riskAssessments.id }).from(riskAssessments)).toEqual([{ id: "risk_g1" }]);
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await database.db.select({ id: riskAssessments.id }).from(riskAssessments)).toEqual([]);
      expect(await database.db.select({ id: networkIdentities.id }).from(networkIdentities)).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});

describe("grouped inserts: a column whose default is SQL", () => {
  it("must be given a value (jsonb_to_recordset cannot take it)", async () => {
    const database = await createTestDatabase("pglite");
    try {
      await database.db.insert(teams).values({ id: "team_d", name: "D", slug: "d" });
      const { createdAt: _omitted, ...withoutDate } = unit(1, "team_d").assessment[0]!;
      await expect(store(database.db, { assessment: [withoutDate], observation: [] })).rejects.toThrow(/give "created_at" a value/);
    } finally {
      await database.dispose();
    }
  });
});
