import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { webhookMessages } from "@/lib/db/schema";
import type { Tenant } from "@/lib/server/shared/tenant";
import { startWebhookRuntime, type WebhookRuntime } from "@/lib/server/webhooks/start-webhook-runtime";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { attemptsOf, configureEndpoint, FAST_SETTINGS, recordEvents, waitForStatus } from "../support/webhook-harness";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

// The runtime as the app runs it in-process, with a schedule of 0, 50, 100, 200, 400 and 800 ms.

describeEngines("webhook delivery on %s", (engine) => {
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
  afterEach(async () => {
    receiver.respond(() => ({ status: 200 }));
    await receiver.up();
  });

  it("delivers a signed POST that the standardwebhooks package verifies, and logs the attempt", async () => {
    const [id] = await recordEvents(database.db, tenant, [{ event: "Verified", verificationId: "case-signed" }]);
    await waitForStatus(database.db, [id!]);
    const request = receiver.accepted.get(id!)!;
    expect(request.headers["webhook-id"]).toBe(id);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual({ event: "Verified", id: "case-signed", n: 0 });
    expect(Object.keys(JSON.parse(request.body))[0]).toBe("event"); // spec 6: `event`, then the record
    const attempts = await attemptsOf(database.db, id!);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ attempt: 1, statusCode: 200, responseBody: "ok", error: null, url: receiver.url() });
    const [row] = await database.db.select().from(webhookMessages).where(eq(webhookMessages.id, id!));
    expect(row).toMatchObject({ status: "delivered", attemptCount: 1, lockedUntil: null, lastStatusCode: 200 });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
  });

  it("retries a receiver that answers 500 three times, delivering on the fourth try with the same webhook-id", async () => {
    receiver.respond((r) => (r.nth <= 3 ? { status: 500, body: `boom ${r.nth}` } : { status: 200 }));
    const [id] = await recordEvents(database.db, tenant, [{}]);
    await waitForStatus(database.db, [id!]);
    const attempts = await attemptsOf(database.db, id!);
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.responseBody, a.error])).toEqual([
      [1, 500, "boom 1", "Receiver answered HTTP 500"],
      [2, 500, "boom 2", "Receiver answered HTTP 500"],
      [3, 500, "boom 3", "Receiver answered HTTP 500"],
      [4, 200, "ok", null],
    ]);
    const sent = receiver.requests.filter((r) => r.id === id);
    expect(sent).toHaveLength(4);
    for (const r of sent) expect(new Webhook(secret).verify(r.body, r.headers)).toBeTruthy();
  });

  it("delivers every message exactly once after the receiver was down, then up", async () => {
    await receiver.down();
    const ids = await recordEvents(
      database.db,
      tenant,
      Array.from({ length: 30 }, () => ({})),
    );
    // Every message fails at least once while nothing listens (connection refused).
    const deadline = Date.now() + 10_000;
    while ((await Promise.all(ids.map((id) => attemptsOf(database.db, id)))).some((a) => a.length === 0)) {
      if (Date.now() > deadline) throw new Error("not every message was tried while the receiver was down");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await receiver.up();
    await waitForStatus(database.db, ids);
    for (const id of ids) {
      expect(receiver.accepted.has(id)).toBe(true);
      expect(receiver.requests.filter((r) => r.id === id)).toHaveLength(1); // once, not once per retry
      const attempts = await attemptsOf(database.db, id);
      expect(attempts[0]!.error).toMatch(/Connection refused/);
      expect(attempts.at(-1)!.statusCode).toBe(200);
    }
  });

  it("honours a Retry-After longer than the schedule's next delay", async () => {
    receiver.respond((r) => (r.nth === 1 ? { status: 503, headers: { "retry-after": "1" } } : { status: 200 }));
    const [id] = await recordEvents(database.db, tenant, [{}]);
    await waitForStatus(database.db, [id!]);
    const [first, second] = receiver.requests.filter((r) => r.id === id);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it("marks a message failed after the last try, and does not follow redirects", async () => {
    receiver.respond(() => ({ status: 302, headers: { location: receiver.url("/elsewhere") } }));
    const [id] = await recordEvents(database.db, tenant, [{}]);
    await waitForStatus(database.db, [id!], ["failed"]);
    const attempts = await attemptsOf(database.db, id!);
    expect(attempts).toHaveLength(FAST_SETTINGS.retryScheduleSeconds.length);
    expect(attempts[0]!.error).toBe(`Redirect not followed (HTTP 302 to ${receiver.url("/elsewhere")})`);
    expect(receiver.requests.filter((r) => r.path === "/elsewhere")).toHaveLength(0);
    const [row] = await database.db.select().from(webhookMessages).where(eq(webhookMessages.id, id!));
    expect(row).toMatchObject({ status: "failed", lastStatusCode: 302, tries: 6, lockedUntil: null });
  });

  it("delivers the events of one case in order, holding later ones while an earlier one retries", async () => {
    const failing = { id: "" };
    receiver.respond((r) => (r.id === failing.id && r.nth <= 2 ? { status: 500 } : { status: 200, delayMs: 5 }));
    const [x1] = await recordEvents(database.db, tenant, [{ verificationId: "case-x", n: 1 }]);
    failing.id = x1!;
    const rest = await recordEvents(database.db, tenant, [
      { verificationId: "case-x", n: 2 },
      { verificationId: "case-y", n: 1 },
      { verificationId: "case-x", n: 3 },
    ]);
    const [x2, y1, x3] = rest as [string, string, string];
    await waitForStatus(database.db, [x1!, x2, y1, x3]);
    const accepted = (id: string) => receiver.accepted.get(id)!.at;
    const firstRequest = (id: string) => receiver.requests.find((r) => r.id === id)!.at;
    // No request for a later event of case X before the earlier one was accepted.
    expect(firstRequest(x2)).toBeGreaterThanOrEqual(accepted(x1!));
    expect(firstRequest(x3)).toBeGreaterThanOrEqual(accepted(x2));
    // Another case is not held back by case X's retries.
    expect(firstRequest(y1)).toBeLessThan(accepted(x1!));
    expect((await attemptsOf(database.db, x2)).length).toBe(1); // held back without spending tries
  });
});
