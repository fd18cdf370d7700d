import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Tenant } from "@/lib/server/shared/tenant";
import { startWebhookRuntime, type WebhookRuntime } from "@/lib/server/webhooks/start-webhook-runtime";
import { seedTeam } from "../support/api";
import { createTestDatabase, engines, type TestDatabase } from "../support/db";
import { attemptsOf, configureEndpoint, FAST_SETTINGS, recordEvents, waitForStatus } from "../support/webhook-harness";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

describe.each(engines)("webhook delivery on %s", (engine) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let runtime: WebhookRuntime;
  let tenant: Tenant;
  let secret: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    receiver = await startWebhookReceiver();
    const { team } = await seedTeam(database.db, "Acme");
    tenant = { teamId: team.id, mode: "live" };
    secret = await configureEndpoint(database.db, tenant, receiver.url());
    runtime = await startWebhookRuntime({ database, settings: FAST_SETTINGS, deliver: true });
  });
  afterAll(async () => {
    await runtime?.stop();
    await receiver?.close();
    await database?.dispose();
  });
  afterEach(() => receiver.respond(() => ({ status: 200 })));

  it("delivers a signed POST that the standardwebhooks package verifies, and logs the attempt", async () => {
    const [id] = await recordEvents(database.db, tenant, [{ event: "Verified", verificationId: "case-signed" }]);
    await waitForStatus(database.db, [id!]);
    const request = receiver.accepted.get(id!)!;
    expect(request.headers["webhook-id"]).toBe(id);
    expect(request.headers["content-type"]).toBe("application/json");
    const payload = new Webhook(secret).verify(request.body, request.headers);
    expect(payload).toEqual({ event: "Verified", id: "case-signed", n: 0 });
    expect(Object.keys(JSON.parse(request.body))[0]).toBe("event");
    const attempts = await attemptsOf(database.db, id!);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ attempt: 1, statusCode: 200, responseBody: "ok", error: null, url: receiver.url() });
  });

  it("retries a receiver that answers 500 three times, delivering on the fourth try", async () => {
    receiver.respond((r) => (r.nth <= 3 ? { status: 500, body: `boom ${r.nth}` } : { status: 200 }));
    const [id] = await recordEvents(database.db, tenant, [{}]);
    await waitForStatus(database.db, [id!]);
    const attempts = await attemptsOf(database.db, id!);
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.responseBody])).toEqual([
      [1, 500, "boom 1"],
      [2, 500, "boom 2"],
      [3, 500, "boom 3"],
      [4, 200, "ok"],
    ]);
    expect(attempts[0]!.error).toBe("Receiver answered HTTP 500");
    expect(new Set(receiver.requests.filter((r) => r.id === id).map((r) => r.headers["webhook-id"]))).toEqual(new Set([id]));
  });
});
