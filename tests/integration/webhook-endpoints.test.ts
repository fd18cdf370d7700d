import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, verifications, webhookMessages } from "@/lib/db/schema";
import type { Tenant } from "@/lib/server/shared/tenant";
import { createVerification } from "@/lib/server/verifications/create-verification";
import { toVerificationRecord } from "@/lib/server/verifications/to-record";
import { deliverMessage } from "@/lib/server/webhooks/deliver-message";
import { getWebhookEndpoint } from "@/lib/server/webhooks/get-webhook-endpoint";
import { loadEndpoints, tenantKey } from "@/lib/server/webhooks/load-endpoints";
import { recordWebhookEvent } from "@/lib/server/webhooks/outbox";
import { rotateWebhookSecret } from "@/lib/server/webhooks/rotate-webhook-secret";
import { setWebhookEndpoint } from "@/lib/server/webhooks/set-webhook-endpoint";
import { signWebhook } from "@/lib/server/webhooks/sign";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { FAST_SETTINGS, SYSTEM } from "../support/webhook-harness";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

// Private, loopback and link-local targets; none of them is ever contacted (the guard refuses
// IP literals before connecting, and host names resolve through a stub).
const REFUSED = [
  ["loopback", "https://127.0.0.1/hooks", /loopback/],
  ["loopback IPv6", "https://[::1]/hooks", /loopback/],
  ["private", "https://10.1.2.3/hooks", /private/],
  ["private by DNS", "https://internal.example/hooks", /private/],
  ["link-local", "https://169.254.169.254/latest/meta-data", /link-local/],
  ["plain http", "http://hooks.example/x", /https/],
] as const;
const stubDns = async (host: string) => (host === "internal.example" ? ["10.9.8.7"] : ["93.184.215.14"]);

describeEngines("webhook endpoints on %s", (engine) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let tenant: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    receiver = await startWebhookReceiver();
    const acme = await seedTeam(database.db, "Acme");
    const globex = await seedTeam(database.db, "Globex");
    tenant = { teamId: acme.team.id, mode: "live" };
    other = { teamId: globex.team.id, mode: "live" };
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.dispose();
  });

  it("shows the signing secret once, when the endpoint is first set, and audits every change", async () => {
    const first = await setWebhookEndpoint(database.db, { tenant, actor: SYSTEM, url: receiver.url(), allowLoopback: true });
    expect(first.ok && first.value.secret).toMatch(/^whsec_/);
    const again = await setWebhookEndpoint(database.db, {
      tenant,
      actor: SYSTEM,
      url: receiver.url("/v2"),
      events: ["Verified", "Refused", "Verified"],
      allowLoopback: true,
    });
    expect(again.ok && again.value).toMatchObject({
      secret: null,
      endpoint: { url: receiver.url("/v2"), enabled: true, events: ["Verified", "Refused"] },
    });
    expect(await getWebhookEndpoint(database.db, tenant)).toMatchObject({
      url: receiver.url("/v2"),
      events: ["Verified", "Refused"],
      previous_secret_expires_at: null,
    });
    expect(await getWebhookEndpoint(database.db, { ...tenant, mode: "sandbox" })).toBeNull();
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, tenant.teamId), eq(auditLog.action, "webhook.endpoint_set")));
    expect(audit).toHaveLength(2);
    expect(audit[0]!.metadata).toMatchObject({ webhook_host: `127.0.0.1:${receiver.port}` }); // never the path (may hold a token)
    const unknown = await setWebhookEndpoint(database.db, {
      tenant,
      actor: SYSTEM,
      url: receiver.url(),
      events: ["Bogus"],
      allowLoopback: true,
    });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.detail).toHaveProperty("events");
  });

  it.each(REFUSED)("refuses a %s URL when loopback is not allowed, at setting time", async (_label, url, reason) => {
    const result = await setWebhookEndpoint(database.db, { tenant: other, actor: SYSTEM, url, allowLoopback: false, resolve: stubDns });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe("invalid");
      expect(result.error.detail!.url).toMatch(reason);
    }
    expect(await getWebhookEndpoint(database.db, other)).toBeNull();
  });

  it.each(REFUSED)("refuses a %s URL at delivery time too, sending nothing", async (_label, url, reason) => {
    const message = {
      id: "msg_guard",
      teamId: other.teamId,
      mode: other.mode,
      attemptCount: 1,
      tries: 1,
      verificationId: null,
      payload: { event: "Verified" },
    } as never;
    const outcome = await deliverMessage(
      message,
      { url, enabled: true, secrets: ["whsec_" + "A".repeat(43) + "="] },
      { ...FAST_SETTINGS, allowLoopback: false, resolve: stubDns },
    );
    expect(outcome.attempt).toMatchObject({ statusCode: null });
    expect(outcome.attempt.error).toMatch(reason);
    expect(outcome.next).toMatchObject({ status: "retrying" });
  });

  it("records an event only for an enabled endpoint that accepts it", async () => {
    const record = (event: "Verified" | "Created", t = tenant) =>
      database.db.transaction((tx) => recordWebhookEvent(tx, { tenant: t, event, payload: { event } }));
    expect(await record("Verified")).toMatch(/^msg_/);
    expect(await record("Created")).toBeNull(); // filtered out (the endpoint takes Verified and Refused)
    expect(await record("Verified", { ...tenant, mode: "sandbox" })).toBeNull(); // no endpoint in sandbox
    const off = await setWebhookEndpoint(database.db, { tenant, actor: SYSTEM, url: receiver.url(), enabled: false, allowLoopback: true });
    expect(off.ok && off.value.endpoint).toMatchObject({ enabled: false, events: ["Verified", "Refused"] }); // left-out options keep their value
    expect(await record("Verified")).toBeNull();
    const on = await setWebhookEndpoint(database.db, {
      tenant,
      actor: SYSTEM,
      url: receiver.url(),
      enabled: true,
      events: [],
      allowLoopback: true,
    });
    expect(on.ok && on.value.endpoint).toMatchObject({ enabled: true, events: [] });
    expect(await record("Created")).toMatch(/^msg_/);
  });

  it("writes the event in the caller's transaction: rolled back with it", async () => {
    const before = await database.db.select().from(webhookMessages);
    await expect(
      database.db.transaction(async (tx) => {
        await recordWebhookEvent(tx, { tenant, event: "Verified", payload: { event: "Verified" } });
        throw new Error("the state change failed");
      }),
    ).rejects.toThrow("the state change failed");
    expect(await database.db.select().from(webhookMessages)).toHaveLength(before.length);
  });

  it("emits Created from createVerification with the whole record, in the case's transaction", async () => {
    const created = await createVerification(database.db, {
      tenant,
      actor: SYSTEM,
      publicBaseUrl: "http://idv.test",
      input: { email: "c@example.com", workflow_id: "sandbox-flow" },
    });
    if (!created.ok) throw new Error(created.error.message);
    const [message] = await database.db.select().from(webhookMessages).where(eq(webhookMessages.verificationId, created.value.id));
    const [row] = await database.db.select().from(verifications).where(eq(verifications.id, created.value.id));
    expect(message).toMatchObject({ event: "Created", status: "pending", teamId: tenant.teamId, mode: "live" });
    expect(message!.payload).toEqual({ event: "Created", ...toVerificationRecord(row!) });

    // If the outbox write fails, the case is not created either: one transaction.
    await database.exec(`
      create function refuse_message() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$;
      create trigger refuse_message before insert on webhook_messages for each row execute function refuse_message();`);
    try {
      await expect(
        createVerification(database.db, {
          tenant,
          actor: SYSTEM,
          publicBaseUrl: "http://idv.test",
          input: { email: "rolled-back@example.com", workflow_id: "sandbox-flow" },
        }),
      ).rejects.toThrow();
      expect(await database.db.select().from(verifications).where(eq(verifications.email, "rolled-back@example.com"))).toEqual([]);
    } finally {
      await database.exec("drop trigger refuse_message on webhook_messages; drop function refuse_message();");
    }
  });

  it("rotates the secret: both signatures verify for 24 h, then only the new one is sent", async () => {
    const t0 = new Date();
    const before = (await loadEndpoints(database.db, [tenant], t0)).get(tenantKey(tenant))!;
    const rotated = await rotateWebhookSecret(database.db, { tenant, actor: SYSTEM, now: t0 });
    if (!rotated.ok) throw new Error("rotation failed");
    expect(rotated.value.secret).toMatch(/^whsec_/);
    expect(rotated.value.secret).not.toBe(before.secrets[0]);
    expect(new Date(rotated.value.previous_secret_expires_at).getTime()).toBe(t0.getTime() + 24 * 3600 * 1000);

    const during = (await loadEndpoints(database.db, [tenant], new Date(t0.getTime() + 3600 * 1000))).get(tenantKey(tenant))!;
    expect(during.secrets).toEqual([rotated.value.secret, before.secrets[0]]);
    const body = JSON.stringify({ event: "Verified" });
    const headers = signWebhook({ messageId: "msg_rotation", body, secrets: during.secrets });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(rotated.value.secret).verify(body, headers)).toEqual({ event: "Verified" }); // receivers on the new secret
    expect(new Webhook(before.secrets[0]!).verify(body, headers)).toEqual({ event: "Verified" }); // and those not switched yet

    const after = (await loadEndpoints(database.db, [tenant], new Date(t0.getTime() + 25 * 3600 * 1000))).get(tenantKey(tenant))!;
    expect(after.secrets).toEqual([rotated.value.secret]);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, tenant.teamId), eq(auditLog.action, "webhook.secret_rotated")));
    expect(audit).toHaveLength(1);
  });
});
