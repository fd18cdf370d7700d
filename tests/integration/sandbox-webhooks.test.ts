import http from "node:http";
import https from "node:https";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deliveryReportSchema, errorSchema } from "@/lib/contract";
import { accountAlerts, auditLog, monitoredAccounts, webhookEndpoints } from "@/lib/db/schema";
import { SANDBOX_ACCOUNTS, SANDBOX_VERIFICATIONS } from "@/lib/server/sandbox";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { closedPort, startReceiver, type LocalReceiver } from "../support/local-receiver";

// Every delivery goes to a receiver on 127.0.0.1; private targets are refused before connecting.

// Spec §6, as literal data (not the code's tables): the verification events, and which events
// each sandbox verification can send.
const ALL_EVENTS = ["Created", "UserCompleted", "ManuallyReviewed", "Verified", "Refused", "Expired"] as const;
const SPEC_6_EVENTS: Record<string, readonly string[]> = {
  "111": ["Created", "Expired"],
  "222": ["Created", "UserCompleted", "ManuallyReviewed"],
  "333": ["Created", "Verified"],
  "444": ["Created", "Refused"],
  "555": ["Created", "UserCompleted", "Expired"],
  "666": ["Created", "UserCompleted", "Verified"],
  "777": ["Created"],
  "888": ["Created", "Verified"],
  "999": ["Created", "UserCompleted", "Expired"],
};
const hooksPath = (id: string) => `/api/v1/verifications/${id}/webhooks`;
const alertPath = (id: string) => `/api/v1/alerts/accounts/${id}/webhooks`;

/** The app exactly as served: a route missing from app.ts fails here (issue 15). */
function apiFor(database: TestDatabase, webhookAllowLoopback: boolean): TestApi {
  return createTestApi(database.db, { webhookAllowLoopback });
}

describeEngines("sandbox webhook triggers on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let strictApp: TestApi;
  let receiver: LocalReceiver;
  let teamId: string;
  let sandbox: string;
  let live: string;
  let otherSandbox: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = apiFor(database, true);
    strictApp = apiFor(database, false);
    receiver = await startReceiver();
    const acme = await seedTeam(database.db, "Acme");
    const globex = await seedTeam(database.db, "Globex");
    teamId = acme.team.id;
    sandbox = await tokenFor(app, acme.sandbox);
    live = await tokenFor(app, acme.live);
    otherSandbox = await tokenFor(app, globex.sandbox);
  });
  afterAll(async () => {
    await receiver.close();
    await database.dispose();
  });
  afterEach(() => vi.restoreAllMocks());

  async function sandboxSecret(): Promise<string> {
    const [row] = await database.db
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.mode, "sandbox")));
    return row!.secret;
  }

  /** The one request the receiver got at `path`, with its signature checked. */
  async function receivedAt(path: string) {
    const got = receiver.to(path);
    expect(got).toHaveLength(1);
    const request = got[0]!;
    expect(new Webhook(await sandboxSecret()).verify(request.body, request.headers)).toEqual(JSON.parse(request.body));
    return request;
  }

  describe.each(Object.entries(SPEC_6_EVENTS))("canned verification %s", (id, permitted) => {
    it.each(permitted.map((event) => [event]))("delivers %s with the full record, signed", async (event) => {
      const path = `/canned/${id}/${event}`;
      const res = await call(app, "POST", hooksPath(id), { token: sandbox, json: { webhook_url: receiver.url(path), event } });
      expect(res.status).toBe(200);
      const report = deliveryReportSchema.parse(res.body);
      const expected = { event, ...SANDBOX_VERIFICATIONS[id] };
      expect(report).toEqual({
        event,
        webhook_url: receiver.url(path),
        payload: expected,
        response: { status_code: 200, body: "ok" },
        error: null,
      });
      const request = await receivedAt(path);
      expect(JSON.parse(request.body)).toEqual(expected);
      expect(Object.keys(JSON.parse(request.body))[0]).toBe("event");
      expect(request.headers).toMatchObject({ "content-type": "application/json", "user-agent": "Verity-Webhooks/1.0" });
      expect(request.headers["webhook-id"]).toMatch(/^msg_/);
    });

    it.each([...ALL_EVENTS.filter((e) => !permitted.includes(e)), "Bogus"].map((event) => [event]))(
      "refuses %s, naming exactly the events it sends",
      async (event) => {
        const path = `/refused/${id}/${event}`;
        const res = await call(app, "POST", hooksPath(id), { token: sandbox, json: { webhook_url: receiver.url(path), event } });
        expect(res.status).toBe(400);
        const body = errorSchema.parse(res.body);
        if (event !== "Bogus") expect(body.message).toBe(`Verification ${id} does not send "${event}"; it sends: ${permitted.join(", ")}`);
        expect(body.message).toContain(`"${event}"`);
        expect(body.message.split("sends: ")[1]!.split(", ")).toEqual([...permitted]);
        expect(body.error_detail).toEqual({ event: body.message });
        expect(receiver.to(path)).toHaveLength(0);
      },
    );
  });

  it.each(SANDBOX_ACCOUNTS.map((a) => [a.id, a.alerts[0]!.id]))("sends the alert of %s", async (accountId, alertId) => {
    const path = `/alert/${accountId}`;
    const res = await call(app, "POST", alertPath(accountId), { token: sandbox, json: { webhook_url: receiver.url(path) } });
    expect(res.status).toBe(200);
    const payload = { event: "Alert", alertId, smartLookupId: accountId };
    expect(deliveryReportSchema.parse(res.body)).toEqual({
      event: "Alert",
      webhook_url: receiver.url(path),
      payload,
      response: { status_code: 200, body: "ok" },
      error: null,
    });
    expect(JSON.parse((await receivedAt(path)).body)).toEqual(payload);
  });

  it("sends the newest alert of an account stored for the team in sandbox, and refuses one without alerts", async () => {
    const values = { teamId, mode: "sandbox" as const, firstName: "Ana", lastName: "Stored" };
    await database.db.insert(monitoredAccounts).values([
      { id: "acc_stored_1", ...values },
      { id: "acc_stored_2", ...values },
      { id: "acc_live_1", ...values, mode: "live" },
    ]);
    await database.db.insert(accountAlerts).values([
      { id: "alert_old", teamId, mode: "sandbox", accountId: "acc_stored_1", matches: [], createdAt: new Date("2026-01-01T00:00:00Z") },
      { id: "alert_new", teamId, mode: "sandbox", accountId: "acc_stored_1", matches: [], createdAt: new Date("2026-02-01T00:00:00Z") },
    ]);
    const res = await call(app, "POST", alertPath("acc_stored_1"), {
      token: sandbox,
      json: { webhook_url: receiver.url("/alert/stored") },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ event: "Alert", alertId: "alert_new", smartLookupId: "acc_stored_1" });

    const none = await call(app, "POST", alertPath("acc_stored_2"), { token: sandbox, json: { webhook_url: receiver.url("/alert/none") } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("This account has no alert to send");
    for (const [token, id] of [
      [sandbox, "acc_live_1"],
      [otherSandbox, "acc_stored_1"],
      [sandbox, "sl_sandbox_999"],
    ] as const) {
      expect((await call(app, "POST", alertPath(id), { token, json: { webhook_url: receiver.url("/alert/hidden") } })).status).toBe(404);
    }
    expect(receiver.to("/alert/none")).toHaveLength(0);
    expect(receiver.to("/alert/hidden")).toHaveLength(0);
  });

  it("lets a case created in sandbox send any verification event, and hides it from other teams and modes", async () => {
    const created = await call(app, "POST", "/api/v1/verifications", {
      token: sandbox,
      json: { email: "new@example.com", workflow_id: "sandbox-flow" },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const res = await call(app, "POST", hooksPath(id), {
      token: sandbox,
      json: { webhook_url: receiver.url("/created/Verified"), event: "Verified" },
    });
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.payload).toMatchObject({ event: "Verified", id, email: "new@example.com", status: "InProgress" });
    expect(JSON.parse((await receivedAt("/created/Verified")).body)).toEqual(res.body.payload);

    const unknownEvent = await call(app, "POST", hooksPath(id), {
      token: sandbox,
      json: { webhook_url: receiver.url("/created/x"), event: "Bogus" },
    });
    expect(unknownEvent.status).toBe(400);
    expect(unknownEvent.body.message).toContain(ALL_EVENTS.join(", "));

    const liveCase = await call(app, "POST", "/api/v1/verifications", {
      token: live,
      json: { email: "l@example.com", workflow_id: "sandbox-flow" },
    });
    for (const [token, caseId] of [
      [otherSandbox, id],
      [sandbox, liveCase.body.id as string],
      [sandbox, "00000000-0000-0000-0000-000000000000"],
      [sandbox, "1000"],
    ] as const) {
      const res404 = await call(app, "POST", hooksPath(caseId), {
        token,
        json: { webhook_url: receiver.url("/hidden"), event: "Created" },
      });
      expect(res404.status).toBe(404);
      expect(errorSchema.parse(res404.body).status_code).toBe(404);
    }
    expect(receiver.to("/hidden")).toHaveLength(0);
  });

  it("reports a receiver's 500 with its reply", async () => {
    const res = await call(app, "POST", hooksPath("333"), {
      token: sandbox,
      json: { webhook_url: receiver.url("/fail"), event: "Verified" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: "Receiver answered HTTP 500", response: { status_code: 500, body: "receiver exploded" } });
  });

  it("reports a closed port with no response", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/`;
    const res = await call(app, "POST", hooksPath("111"), { token: sandbox, json: { webhook_url: url, event: "Created" } });
    expect(res.status).toBe(200);
    expect(res.body.response).toBeNull();
    expect(res.body.error).toContain("Connection refused");
  });

  it("does not follow a redirect", async () => {
    const res = await call(app, "POST", hooksPath("333"), {
      token: sandbox,
      json: { webhook_url: receiver.url("/redirect"), event: "Created" },
    });
    expect(res.status).toBe(200);
    expect(res.body.error).toBe(`Redirect not followed (HTTP 302 to ${receiver.url("/redirect-target")})`);
    expect(res.body.response).toEqual({ status_code: 302, body: "moved" });
    expect(receiver.to("/redirect-target")).toHaveLength(0);
  });

  it("uses a fresh webhook-id per call and records an audit entry per trigger", async () => {
    for (let i = 0; i < 2; i++)
      await call(app, "POST", hooksPath("777"), { token: sandbox, json: { webhook_url: receiver.url("/twice"), event: "Created" } });
    const ids = receiver.to("/twice").map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(2);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "webhook.triggered"), eq(auditLog.targetId, "777")));
    const audit = entries.filter((a) => ids.includes((a.metadata as Record<string, string>).message_id));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ teamId, mode: "sandbox", actorType: "api_client", targetType: "verification" });
    expect(audit[0]!.metadata).toMatchObject({
      event: "Created",
      webhook_host: `127.0.0.1:${receiver.port}`,
      status_code: 200,
      ok: true,
      error: null,
    });
  });

  it("signs with the previous secret too while it is still valid", async () => {
    const previous = await sandboxSecret();
    const current = "whsec_" + Buffer.alloc(32, 7).toString("base64");
    await database.db
      .update(webhookEndpoints)
      .set({ secret: current, previousSecret: previous, previousSecretExpiresAt: new Date(Date.now() + 3600_000) })
      .where(and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.mode, "sandbox")));
    await call(app, "POST", hooksPath("888"), { token: sandbox, json: { webhook_url: receiver.url("/rotated"), event: "Verified" } });
    const [request] = receiver.to("/rotated");
    expect(request!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const secret of [current, previous]) expect(() => new Webhook(secret).verify(request!.body, request!.headers)).not.toThrow();
  });

  it("answers 403 to a live token, 401 without a token", async () => {
    for (const path of [hooksPath("333"), alertPath("sl_sandbox_001")]) {
      const json = { webhook_url: receiver.url("/denied"), ...(path.includes("alerts") ? {} : { event: "Created" }) };
      const res = await call(app, "POST", path, { token: live, json });
      expect(res.status).toBe(403);
      expect(errorSchema.parse(res.body).message).toBe("Webhook triggers are available in sandbox mode only");
      expect((await call(app, "POST", path, { json })).status).toBe(401);
    }
    expect(receiver.to("/denied")).toHaveLength(0);
  });

  it.each([
    [{ webhook_url: "https://hooks.example.com/", event: "Created", extra: 1 }, "extra"],
    [{ event: "Created" }, "webhook_url"],
    [{ webhook_url: "not a url", event: "Created" }, "webhook_url"],
    [{ webhook_url: "https://hooks.example.com/" }, "event"],
  ])("refuses the body %j with 400 naming %s", async (json, field) => {
    const res = await call(app, "POST", hooksPath("333"), { token: sandbox, json });
    expect(res.status).toBe(400);
    expect(errorSchema.parse(res.body).error_detail).toHaveProperty([field]);
  });

  it("refuses an alert body with an unknown field", async () => {
    const res = await call(app, "POST", alertPath("sl_sandbox_001"), {
      token: sandbox,
      json: { webhook_url: receiver.url("/x"), event: "Alert" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_detail).toHaveProperty(["event"]);
  });

  it("refuses plain http to a public host even when loopback is allowed", async () => {
    const res = await call(app, "POST", hooksPath("333"), {
      token: sandbox,
      json: { webhook_url: "http://93.184.216.34/", event: "Created" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_detail.webhook_url).toContain("must use https");
  });

  it.each([
    ["http://example.com/", "must use https"],
    ["https://127.0.0.1/", "loopback address (127.0.0.1)"],
    ["https://localhost/", "loopback address (127.0.0.1)"],
    ["https://[::1]/", "loopback address (::1)"],
    ["https://10.0.0.1/", "private address (10.0.0.1)"],
    ["https://169.254.169.254/", "link-local address (169.254.169.254)"],
    ["https://192.168.1.1/", "private address (192.168.1.1)"],
    ["https://[fd00::1]/", "unique-local address (fd00::1)"],
    ["https://[::ffff:10.0.0.1]/", "private address (::ffff:a00:1)"],
  ])("without loopback, refuses %s before connecting", async (url, reason) => {
    const httpRequest = vi.spyOn(http, "request");
    const httpsRequest = vi.spyOn(https, "request");
    for (const [path, json] of [
      [hooksPath("333"), { webhook_url: url, event: "Verified" }],
      [alertPath("sl_sandbox_002"), { webhook_url: url }],
    ] as const) {
      const res = await call(strictApp, "POST", path, { token: sandbox, json });
      expect(res.status).toBe(400);
      expect(errorSchema.parse(res.body).error_detail?.webhook_url).toContain(reason);
    }
    expect(httpRequest).not.toHaveBeenCalled();
    expect(httpsRequest).not.toHaveBeenCalled();
  });

  it("the request spies do see a real delivery (so the refusals above are meaningful)", async () => {
    const httpRequest = vi.spyOn(http, "request");
    await call(app, "POST", hooksPath("111"), { token: sandbox, json: { webhook_url: receiver.url("/spied"), event: "Created" } });
    expect(httpRequest).toHaveBeenCalledTimes(1);
  });
});
