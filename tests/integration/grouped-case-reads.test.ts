// Issue 14: the stored-case reads of concurrent requests go as one statement (lib/db/turn-batches.ts).
// Each caller still gets exactly its own tenant's case: the same id asked by another team or in the
// other mode is "not found", unknown ids are "not found", and a burst is one statement.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createVerification } from "@/lib/server/verifications/create-verification";
import { getVerification } from "@/lib/server/verifications/get-verification";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

describeEngines("grouped reads of stored cases (%s)", (engine) => {
  let database: TestDatabase;
  let acme: string;
  let other: string;
  const cases: { id: string; teamId: string; mode: "live" | "sandbox"; email: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    acme = (await seedTeam(database.db)).team.id;
    other = (await seedTeam(database.db, "Other")).team.id;
    for (let n = 0; n < 12; n++) {
      const tenant = { teamId: n % 3 === 2 ? other : acme, mode: n % 2 ? ("sandbox" as const) : ("live" as const) };
      const email = `case${n}@example.com`;
      const created = await createVerification(database.db, { tenant, input: { email, workflow_id: "sandbox-flow" }, actor: { type: "system" }, publicBaseUrl: "http://idv.test" });
      if (!created.ok) throw new Error(created.error.message);
      cases.push({ id: created.value.id, ...tenant, email });
    }
  });
  afterAll(async () => database.dispose());

  it("answers each caller with its own case, in one statement for a burst", async () => {
    // Drizzle's prepared queries reach the driver through its session's client (PGlite or the pool).
    const driver = (database.db as unknown as { session: { client: { query(...args: unknown[]): unknown } } }).session.client;
    const query = vi.spyOn(driver, "query");
    const asks = [
      ...cases.map((c) => ({ tenant: { teamId: c.teamId, mode: c.mode }, id: c.id, expect: c.email })),
      // The same ids asked by the wrong team or in the wrong mode, and ids that do not exist.
      ...cases.map((c) => ({ tenant: { teamId: c.teamId === acme ? other : acme, mode: c.mode }, id: c.id, expect: null })),
      ...cases.map((c) => ({ tenant: { teamId: c.teamId, mode: c.mode === "live" ? ("sandbox" as const) : ("live" as const) }, id: c.id, expect: null })),
      { tenant: { teamId: acme, mode: "live" as const }, id: "00000000-0000-4000-8000-000000000000", expect: null },
      { tenant: { teamId: acme, mode: "live" as const }, id: "it's \"quoted\" ü", expect: null },
    ];
    const results = await Promise.all(asks.map((a) => getVerification(database.db, a.tenant, a.id)));
    results.forEach((result, i) => {
      const ask = asks[i]!;
      if (ask.expect === null) {
        expect(result).toMatchObject({ ok: false, error: { kind: "not_found", message: `Verification ${ask.id} not found` } });
      } else {
        expect(result.ok).toBe(true);
        if (result.ok) expect([result.value.id, result.value.email]).toEqual([ask.id, ask.expect]);
      }
    });
    expect(query).toHaveBeenCalledTimes(1);
    const first = query.mock.calls[0]![0] as string | { text: string }; // node-postgres gets { name, text, values }
    expect(typeof first === "string" ? first : first.text).toMatch(/jsonb_to_recordset/);
    query.mockRestore();
  });

  it("reads one case alone when nothing else is asked", async () => {
    const c = cases[0]!;
    const result = await getVerification(database.db, { teamId: c.teamId, mode: c.mode }, c.id);
    expect(result.ok && result.value.email).toBe(c.email);
  });
});
