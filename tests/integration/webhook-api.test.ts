import { afterAll, beforeAll, expect, it } from "vitest";
import { errorSchema, webhookMessageListSchema, webhookMessageSchema } from "@/lib/contract";
import { runCli } from "@/lib/server/cli/run-cli";
import type { Tenant } from "@/lib/server/shared/tenant";
import { startWebhookRuntime, type WebhookRuntime } from "@/lib/server/webhooks/start-webhook-runtime";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { attemptsOf, configureEndpoint, FAST_SETTINGS, recordEvents, waitForStatus } from "../support/webhook-harness";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

describeEngines("webhook messages API and CLI on %s", (engine) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let runtime: WebhookRuntime;
  let app: TestApi;
  let tenant: Tenant;
  let live: string;
  let sandbox: string;
  let otherLive: string;
  let teamSlug: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    receiver = await startWebhookReceiver();
    app = createTestApi(database.db);
    const acme = await seedTeam(database.db, "Acme");
    const globex = await seedTeam(database.db, "Globex");
    tenant = { teamId: acme.team.id, mode: "live" };
    teamSlug = acme.team.slug;
    live = await tokenFor(app, acme.live);
    sandbox = await tokenFor(app, acme.sandbox);
    otherLive = await tokenFor(app, globex.live);
    await configureEndpoint(database.db, tenant, receiver.url());
    runtime = await startWebhookRuntime({ database, settings: FAST_SETTINGS, deliver: true });
  });
  afterAll(async () => {
    await runtime?.stop();
    await receiver?.close();
    await database?.dispose();
  });

  it("lists messages newest first with their attempts, filters them, pages by cursor", async () => {
    const ids = await recordEvents(database.db, tenant, [
      { verificationId: "case-list" },
      { verificationId: "case-list" },
      { verificationId: "case-other" },
    ]);
    await waitForStatus(database.db, ids);
    const all = await call(app, "GET", "/api/v1/webhooks/messages?verification_id=case-list", { token: live });
    expect(all.status).toBe(200);
    const list = webhookMessageListSchema.parse(all.body);
    expect(list.messages.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    expect(list.messages[0]).toMatchObject({
      status: "delivered",
      attempt_count: 1,
      attempts: [{ attempt: 1, status_code: 200, error: null }],
    });

    const first = await call(app, "GET", "/api/v1/webhooks/messages?limit=2", { token: live });
    const second = await call(app, "GET", `/api/v1/webhooks/messages?limit=2&cursor=${first.body.next_cursor}`, { token: live });
    expect([...first.body.messages, ...second.body.messages].slice(0, 3).map((m: { id: string }) => m.id)).toEqual([
      ids[2],
      ids[1],
      ids[0],
    ]);
    expect((await call(app, "GET", "/api/v1/webhooks/messages?status=failed", { token: live })).body.messages).toEqual([]);
    expect((await call(app, "GET", "/api/v1/webhooks/messages?cursor=bogus", { token: live })).status).toBe(400);
    expect((await call(app, "GET", "/api/v1/webhooks/messages?status=lost", { token: live })).status).toBe(400);
    expect((await call(app, "GET", "/api/v1/webhooks/messages")).status).toBe(401);
    // Another team's and another mode's outbox are separate.
    expect((await call(app, "GET", "/api/v1/webhooks/messages", { token: otherLive })).body.messages).toEqual([]);
    expect((await call(app, "GET", "/api/v1/webhooks/messages", { token: sandbox })).body.messages).toEqual([]);
  });

  it("replays one message with the same webhook-id, continuing its attempt numbers", async () => {
    const [id] = await recordEvents(database.db, tenant, [{ event: "Refused" }]);
    await waitForStatus(database.db, [id!]);
    const res = await call(app, "POST", `/api/v1/webhooks/messages/${id}/replay`, { token: live });
    expect(res.status).toBe(202);
    expect(webhookMessageSchema.parse(res.body)).toMatchObject({ id, status: "pending", replay_count: 1 });
    await receiver.waitFor(() => receiver.requests.filter((r) => r.id === id).length === 2, 10_000, "the replay");
    await waitForStatus(database.db, [id!]);
    const [original, replayed] = receiver.requests.filter((r) => r.id === id);
    expect(replayed!.headers["webhook-id"]).toBe(original!.headers["webhook-id"]);
    expect(replayed!.body).toBe(original!.body);
    expect((await attemptsOf(database.db, id!)).map((a) => a.attempt)).toEqual([1, 2]);

    for (const [token, target] of [
      [otherLive, id],
      [sandbox, id],
      [live, "msg_missing"],
    ] as const) {
      const hidden = await call(app, "POST", `/api/v1/webhooks/messages/${target}/replay`, { token });
      expect(hidden.status).toBe(404);
      expect(errorSchema.parse(hidden.body).status_code).toBe(404);
      expect((await call(app, "GET", `/api/v1/webhooks/messages/${target}`, { token })).status).toBe(404);
    }
  });

  it("replays every failed message of a time range, each with its own webhook-id", async () => {
    receiver.respond(() => ({ status: 500 }));
    const from = new Date(Date.now() - 1000).toISOString();
    const ids = await recordEvents(database.db, tenant, [{}, {}, {}]);
    await waitForStatus(database.db, ids, ["failed"]);
    const to = new Date(Date.now() + 1000).toISOString();
    receiver.respond(() => ({ status: 200 }));
    const outside = await call(app, "POST", "/api/v1/webhooks/replay", {
      token: live,
      json: { from: "2020-01-01T00:00:00Z", to: "2020-01-02T00:00:00Z" },
    });
    expect(outside.body).toEqual({ replayed: 0 });
    expect((await call(app, "POST", "/api/v1/webhooks/replay", { token: otherLive, json: { from, to } })).body).toEqual({ replayed: 0 });
    const res = await call(app, "POST", "/api/v1/webhooks/replay", { token: live, json: { from, to } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ replayed: 3 });
    await waitForStatus(database.db, ids);
    for (const id of ids) expect(receiver.accepted.get(id)!.headers["webhook-id"]).toBe(id);
    const bad = await call(app, "POST", "/api/v1/webhooks/replay", { token: live, json: { from: to, to: from } });
    expect(bad.status).toBe(400);
    expect(bad.body.error_detail).toHaveProperty("to");
  });

  it("sets, shows and rotates the endpoint and replays by CLI", async () => {
    const set = await runCli(database.db, [
      "set-webhook",
      "--team",
      teamSlug,
      "--mode",
      "sandbox",
      "--url",
      receiver.url("/sandbox"),
      "--events",
      "Created,Verified",
    ]);
    expect(set).toMatchObject({
      exitCode: 0,
      output: { ok: true, mode: "sandbox", endpoint: { url: receiver.url("/sandbox"), events: ["Created", "Verified"], enabled: true } },
    });
    expect((set.output as { secret: string }).secret).toMatch(/^whsec_/);
    const disabled = await runCli(database.db, [
      "set-webhook",
      "--team",
      teamSlug,
      "--mode",
      "sandbox",
      "--url",
      receiver.url("/sandbox"),
      "--disabled",
    ]);
    expect(disabled.output).toMatchObject({ ok: true, endpoint: { enabled: false, events: ["Created", "Verified"] } });
    expect(disabled.output).not.toHaveProperty("secret");
    const all = await runCli(database.db, [
      "set-webhook",
      "--team",
      teamSlug,
      "--mode",
      "sandbox",
      "--url",
      receiver.url("/sandbox"),
      "--events",
      "all",
    ]);
    expect(all.output).toMatchObject({ ok: true, endpoint: { enabled: false, events: [] } });
    const refused = await runCli(database.db, ["set-webhook", "--team", teamSlug, "--mode", "sandbox", "--url", "https://10.0.0.1/hooks"], {
      webhookAllowLoopback: false,
    });
    expect(refused).toMatchObject({ exitCode: 1, output: { ok: false, error: { kind: "invalid" } } });
    const loopback = await runCli(database.db, ["set-webhook", "--team", teamSlug, "--mode", "sandbox", "--url", receiver.url()], {
      webhookAllowLoopback: false,
    });
    expect(loopback.exitCode).toBe(1);
    const shown = await runCli(database.db, ["show-webhook", "--team", teamSlug, "--mode", "sandbox"]);
    expect(shown.output).toMatchObject({ ok: true, endpoint: { url: receiver.url("/sandbox"), enabled: false } });
    const rotated = await runCli(database.db, ["rotate-webhook-secret", "--team", teamSlug, "--mode", "sandbox"]);
    expect(rotated.output).toMatchObject({
      ok: true,
      secret: expect.stringMatching(/^whsec_/),
      previous_secret_expires_at: expect.any(String),
    });

    const [id] = await recordEvents(database.db, tenant, [{}]);
    await waitForStatus(database.db, [id!]);
    const one = await runCli(database.db, ["replay-webhooks", "--team", teamSlug, "--mode", "live", "--message", id!]);
    expect(one.output).toMatchObject({ ok: true, replayed: 1, message: { id, status: "pending" } });
    runtime.wake(); // the CLI runs in its own process; the app's sweep would pick it up
    await receiver.waitFor(() => receiver.requests.filter((r) => r.id === id).length === 2, 10_000, "the CLI replay");
    const range = await runCli(database.db, [
      "replay-webhooks",
      "--team",
      teamSlug,
      "--mode",
      "live",
      "--from",
      "2020-01-01T00:00:00Z",
      "--to",
      "2020-01-02T00:00:00Z",
    ]);
    expect(range.output).toEqual({ ok: true, replayed: 0 });
    expect((await runCli(database.db, ["replay-webhooks", "--team", teamSlug, "--mode", "live"])).exitCode).toBe(2);
  });
});
