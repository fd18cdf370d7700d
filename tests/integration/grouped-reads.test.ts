// Issue 14: reads of concurrent requests go as one statement per turn (lib/db/turn-batches.ts): stored
// cases, an email's network history, and blocklist matches. Each caller still gets exactly its own
// answer: the same case id asked by another team or in the other mode is "not found", unknown ids
// are "not found", each email's counts and each person's blocklist entries are their own, and a
// burst is one statement.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { networkIdentities } from "@/lib/db/schema";
import { addBlocklistEntry } from "@/lib/server/blocklist/add-blocklist-entry";
import { matchBlocklist } from "@/lib/server/blocklist/match-blocklist";
import { emailKey, identityKey } from "@/lib/server/network/keys";
import { readEmailHistory } from "@/lib/server/risk/live/signals/email-history";
import { createVerification } from "@/lib/server/verifications/create-verification";
import { getVerification } from "@/lib/server/verifications/get-verification";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

describeEngines("grouped reads (%s)", (engine) => {
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
      const created = await createVerification(database.db, {
        tenant,
        input: { email, workflow_id: "sandbox-flow" },
        actor: { type: "system" },
        publicBaseUrl: "http://idv.test",
      });
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
      ...cases.map((c) => ({
        tenant: { teamId: c.teamId, mode: c.mode === "live" ? ("sandbox" as const) : ("live" as const) },
        id: c.id,
        expect: null,
      })),
      { tenant: { teamId: acme, mode: "live" as const }, id: "00000000-0000-4000-8000-000000000000", expect: null },
      { tenant: { teamId: acme, mode: "live" as const }, id: 'it\'s "quoted" ü', expect: null },
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

  it("counts each email's history by itself when asked together", async () => {
    const key = "grouped-reads-network-key-0123456789abcdef";
    const now = new Date("2026-11-26T12:00:00Z");
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const x = identityKey(key, { firstName: "Ann", lastName: "Lee", dateOfBirth: "1990-01-01" });
    const y = identityKey(key, { firstName: "Bob", lastName: "Lee", dateOfBirth: "1990-01-01" });
    const z = identityKey(key, { firstName: "Cat", lastName: "Lee", dateOfBirth: "1990-01-01" });
    const a = emailKey(key, "a@example.com");
    const b = emailKey(key, "b@example.com");
    const row = (n: number, teamId: string, email: string, identity: string | null, at: Date) => ({
      id: `net_h${n}`,
      teamId,
      source: "risk_assessment",
      sourceId: `risk_h${n}`,
      emailKey: email,
      identityKey: identity,
      createdAt: at,
    });
    await database.db
      .insert(networkIdentities)
      .values([row(1, acme, a, x, ago(10)), row(2, acme, a, x, ago(120)), row(3, other, a, y, ago(120)), row(4, acme, b, null, ago(30))]);
    const limits = [
      { label: "1h", seconds: 3600, limit: 3 },
      { label: "24h", seconds: 86_400, limit: 10 },
    ];
    const asks = [
      { emailKey: a, identityKey: x },
      { emailKey: a, identityKey: z },
      { emailKey: b, identityKey: null },
      { emailKey: emailKey(key, "nobody@example.com"), identityKey: x },
    ];
    const answers = await Promise.all(asks.map((ask) => readEmailHistory(database.db, { ...ask, now, limits })));
    expect(answers).toEqual([
      { others: 1, teams: 1, same: 2, windows: [1, 3] },
      { others: 2, teams: 2, same: 0, windows: [1, 3] },
      { others: 0, teams: 0, same: 0, windows: [1, 1] },
      { others: 0, teams: 0, same: 0, windows: [0, 0] },
    ]);
  });

  it("matches each person against the blocklist by itself when asked together", async () => {
    const key = "grouped-reads-network-key-0123456789abcdef";
    const by = { platform: { type: "system" as const, id: "test" } };
    const person = { firstName: "Dan", lastName: "Fox", dateOfBirth: "1980-05-05" };
    const byEmail = await addBlocklistEntry(database.db, {
      by,
      subject: { kind: "email", email: "blocked@example.com" },
      reason: "Mule account",
      networkKey: key,
    });
    const byIdentity = await addBlocklistEntry(database.db, {
      by,
      subject: { kind: "identity", ...person },
      reason: "Synthetic identity",
      networkKey: key,
    });
    if (!byEmail.ok || !byIdentity.ok) throw new Error("could not add the blocklist entries");
    const ask = (email: string, who: typeof person | null) =>
      matchBlocklist(database.db, { emailKey: emailKey(key, email), identityKey: who ? identityKey(key, who) : null });
    const answers = await Promise.all([
      ask("blocked@example.com", null),
      ask("clean@example.com", person),
      ask("clean@example.com", null),
      ask("blocked@example.com", person),
    ]);
    expect(answers).toEqual([
      { matched: true, entries: [{ id: byEmail.value.entry.id, kind: "email", reason: "Mule account" }] },
      { matched: true, entries: [{ id: byIdentity.value.entry.id, kind: "identity", reason: "Synthetic identity" }] },
      { matched: false, entries: [] },
      // By kind: email, then identity.
      {
        matched: true,
        entries: [
          { id: byEmail.value.entry.id, kind: "email", reason: "Mule account" },
          { id: byIdentity.value.entry.id, kind: "identity", reason: "Synthetic identity" },
        ],
      },
    ]);
  });

  it("reads one case alone when nothing else is asked", async () => {
    const c = cases[0]!;
    const result = await getVerification(database.db, { teamId: c.teamId, mode: c.mode }, c.id);
    expect(result.ok && result.value.email).toBe(c.email);
  });
});
