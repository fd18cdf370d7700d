import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accountDetailSchema, accountListSchema, errorSchema } from "@/lib/contract";
import { accountAlerts, monitoredAccounts } from "@/lib/db/schema";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

describeEngines("monitored accounts on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let sandbox: string;
  let live: string;
  let otherLive: string;
  let teamId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = createTestApi(database.db);
    const acme = await seedTeam(database.db);
    const globex = await seedTeam(database.db, "Globex");
    teamId = acme.team.id;
    sandbox = await tokenFor(app, acme.sandbox);
    live = await tokenFor(app, acme.live);
    otherLive = await tokenFor(app, globex.live);
    // Live accounts are created by the risk engine (AML); here they are written directly.
    const base = { teamId, mode: "live" as const, riskType: "sanction" as const, alertsEnabledAt: new Date("2026-02-01T00:00:00Z") };
    await database.db.insert(monitoredAccounts).values([
      { ...base, id: "sl_live_1", firstName: "Ana", lastName: "One", status: "New", createdAt: new Date("2026-02-01T00:00:00Z") },
      {
        ...base,
        id: "sl_live_2",
        firstName: "Ben",
        lastName: "Two",
        status: "Clear",
        riskType: null,
        createdAt: new Date("2026-02-02T00:00:00Z"),
      },
      {
        ...base,
        id: "sl_live_3",
        firstName: "Cai",
        lastName: "Three",
        status: "Acknowledged",
        riskType: "pep",
        createdAt: new Date("2026-02-03T00:00:00Z"),
      },
    ]);
    await database.db.insert(accountAlerts).values({
      id: "alert_live_1",
      teamId,
      mode: "live",
      accountId: "sl_live_1",
      matches: [
        { id: "ofac-1", caption: "Ana ONE", entity_type: "Person", datasets: [{ id: "us_ofac_sdn", title: "OFAC SDN" }], score: 97 },
      ],
    });
  });
  afterAll(() => database.dispose());

  // spec 4.11 rule 1.
  it("sandbox lists sl_sandbox_001 (sanction, New) and sl_sandbox_002 (pep, Acknowledged), each with one alert", async () => {
    const res = await call(app, "GET", "/api/v1/alerts/accounts", { token: sandbox });
    expect(res.status).toBe(200);
    const list = accountListSchema.parse(res.body);
    expect(list.accounts.map((a) => [a.id, a.risk_type, a.status])).toEqual([
      ["sl_sandbox_001", "sanction", "New"],
      ["sl_sandbox_002", "pep", "Acknowledged"],
    ]);
    expect(list.next_cursor).toBeNull();
    for (const id of ["sl_sandbox_001", "sl_sandbox_002"]) {
      const detail = accountDetailSchema.parse((await call(app, "GET", `/api/v1/alerts/accounts/${id}`, { token: sandbox })).body);
      expect(detail.alerts).toHaveLength(1);
      expect(detail.alerts[0]!.matches.length).toBeGreaterThan(0);
    }
    const onlyNew = accountListSchema.parse((await call(app, "GET", "/api/v1/alerts/accounts?status=New", { token: sandbox })).body);
    expect(onlyNew.accounts.map((a) => a.id)).toEqual(["sl_sandbox_001"]);
  });

  it("sandbox toggle and acknowledge answer success and leave the canned accounts as they are", async () => {
    const patch = await call(app, "PATCH", "/api/v1/alerts/accounts/sl_sandbox_001", { token: sandbox, json: { alerts_enabled: false } });
    expect(patch).toMatchObject({ status: 200, body: { success: true } });
    const ack = await call(app, "POST", "/api/v1/alerts/accounts/sl_sandbox_001/acknowledge", { token: sandbox });
    expect(ack).toMatchObject({ status: 200, body: { success: true } });
    const detail = accountDetailSchema.parse((await call(app, "GET", "/api/v1/alerts/accounts/sl_sandbox_001", { token: sandbox })).body);
    expect(detail.status).toBe("New");
    expect(detail.alerts_enabled_at).not.toBeNull();
  });

  it("live lists the tenant's accounts newest first with a cursor and a status filter", async () => {
    const first = accountListSchema.parse((await call(app, "GET", "/api/v1/alerts/accounts?limit=2", { token: live })).body);
    expect(first.accounts.map((a) => a.id)).toEqual(["sl_live_3", "sl_live_2"]);
    expect(first.next_cursor).toBeTruthy();
    const second = accountListSchema.parse(
      (await call(app, "GET", `/api/v1/alerts/accounts?limit=2&cursor=${first.next_cursor}`, { token: live })).body,
    );
    expect(second.accounts.map((a) => a.id)).toEqual(["sl_live_1"]);
    expect(second.next_cursor).toBeNull();
    const clear = accountListSchema.parse((await call(app, "GET", "/api/v1/alerts/accounts?status=Clear", { token: live })).body);
    expect(clear.accounts.map((a) => a.id)).toEqual(["sl_live_2"]);
    expect(accountListSchema.parse((await call(app, "GET", "/api/v1/alerts/accounts", { token: otherLive })).body).accounts).toEqual([]);
  });

  it("live detail, toggle and acknowledge change the stored account", async () => {
    const detail = accountDetailSchema.parse((await call(app, "GET", "/api/v1/alerts/accounts/sl_live_1", { token: live })).body);
    expect(detail).toMatchObject({ name: "Ana One", status: "New", alerts: [{ id: "alert_live_1", acknowledged_at: null }] });

    expect((await call(app, "PATCH", "/api/v1/alerts/accounts/sl_live_1", { token: live, json: { alerts_enabled: false } })).status).toBe(
      200,
    );
    const [off] = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.id, "sl_live_1"));
    expect(off!.alertsEnabledAt).toBeNull();
    await call(app, "PATCH", "/api/v1/alerts/accounts/sl_live_1", { token: live, json: { alerts_enabled: true } });
    const [on] = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.id, "sl_live_1"));
    expect(on!.alertsEnabledAt).toBeInstanceOf(Date);

    expect((await call(app, "POST", "/api/v1/alerts/accounts/sl_live_1/acknowledge", { token: live })).body).toEqual({ success: true });
    const after = accountDetailSchema.parse((await call(app, "GET", "/api/v1/alerts/accounts/sl_live_1", { token: live })).body);
    expect(after.status).toBe("Acknowledged");
    expect(after.alerts[0]!.acknowledged_at).not.toBeNull();
  });

  it("answers 404 across team and mode, 400 for bad input, 401 without a token", async () => {
    for (const [token, id] of [
      [otherLive, "sl_live_1"],
      [sandbox, "sl_live_1"],
      [live, "sl_sandbox_001"],
      [live, "sl_nobody"],
    ] as const) {
      expect((await call(app, "GET", `/api/v1/alerts/accounts/${id}`, { token })).status).toBe(404);
      expect((await call(app, "PATCH", `/api/v1/alerts/accounts/${id}`, { token, json: { alerts_enabled: true } })).status).toBe(404);
      expect((await call(app, "POST", `/api/v1/alerts/accounts/${id}/acknowledge`, { token })).status).toBe(404);
    }
    for (const json of [{}, { alerts_enabled: "yes" }, { alerts_enabled: true, extra: 1 }]) {
      const res = await call(app, "PATCH", "/api/v1/alerts/accounts/sl_live_1", { token: live, json });
      expect(res.status).toBe(400);
      expect(errorSchema.parse(res.body).error_detail).toBeDefined();
    }
    expect((await call(app, "GET", "/api/v1/alerts/accounts?status=Angry", { token: live })).status).toBe(400);
    expect((await call(app, "GET", "/api/v1/alerts/accounts?cursor=garbage", { token: live })).status).toBe(400);
    expect((await call(app, "GET", "/api/v1/alerts/accounts")).status).toBe(401);
    expect((await call(app, "GET", "/api/v1/alerts/accounts/sl_sandbox_001")).status).toBe(401);
  });
});
