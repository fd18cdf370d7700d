import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ServiceClient } from "@/lib/client";
import { setDatabase } from "@/lib/db";
import { getApplicant, listApplicantEvents } from "@/lib/onboarding/applicants";
import { parseOnboardingConfig, setOnboardingConfig, type OnboardingConfig } from "@/lib/onboarding/config";
import { receiveWebhook } from "@/lib/onboarding/receive-webhook";
import { applicants, receivedEvents } from "@/lib/onboarding/schema";
import { submitSignup } from "@/lib/onboarding/submit-signup";
import { chooseSandboxOutcome } from "@/lib/server/hosted/choose-sandbox-outcome";
import { startWebhookRuntime, type WebhookRuntime } from "@/lib/server/webhooks/start-webhook-runtime";
import { POST as webhookRoute } from "@/app/(onboarding)/api/onboarding/webhooks/route";
import { BASE_URL, createTestApi, seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { configureEndpoint, FAST_SETTINGS } from "../support/webhook-harness";

const ADDRESS = { residence_number: "10", street: "Downing Street", city: "London", postcode: "SW1A 2AA", country_code: "GB" };

/** The receiver route behind a real loopback HTTP server, as the service reaches it. */
async function serveReceiver(): Promise<{ url: string; close(): Promise<void>; statuses: number[] }> {
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const response = await webhookRoute(
        new NextRequest(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }),
      );
      statuses.push(response.status);
      res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/onboarding/webhooks`,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeEngines("onboarding webhook receiver (%s)", (engine) => {
  let database: TestDatabase;
  let client: ServiceClient;
  let config: OnboardingConfig;
  let runtime: WebhookRuntime | undefined;
  let receiver: Awaited<ReturnType<typeof serveReceiver>>;
  let tenant: { teamId: string; mode: "sandbox" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    setDatabase(database);
    const app = createTestApi(database.db);
    const team = await seedTeam(database.db);
    tenant = { teamId: team.team.id, mode: "sandbox" };
    client = new ServiceClient({
      baseUrl: BASE_URL,
      clientId: team.sandbox.clientId,
      clientSecret: team.sandbox.clientSecret,
      fetch: async (input, init) => {
        const url = new URL(String(input));
        return app.request(url.pathname + url.search, init);
      },
    });
    receiver = await serveReceiver();
    const secret = await configureEndpoint(database.db, tenant, receiver.url);
    config = parseOnboardingConfig(
      {
        SERVICE_CLIENT_ID: team.sandbox.clientId,
        SERVICE_CLIENT_SECRET: team.sandbox.clientSecret,
        ONBOARDING_PUBLIC_URL: "http://onboarding.test",
        ONBOARDING_ADMIN_PASSWORD: "staff-password",
        // A second, unrelated secret first: any one that verifies is enough.
        ONBOARDING_WEBHOOK_SECRET: `whsec_${Buffer.from("another team's secret").toString("base64")} ${secret}`,
      },
      { credentials: null, webhooks: null },
    );
    setOnboardingConfig(config);
  });
  afterAll(async () => {
    await runtime?.stop();
    await receiver.close();
    setOnboardingConfig(undefined);
    await database.dispose();
  });

  const signed = (secret: string, body: string, id: string, at = new Date()) => {
    const headers = new Headers({
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, body),
    });
    return { body, headers, secrets: config.webhookSecrets };
  };

  it("stores a signed event once per webhook-id and moves the applicant", async () => {
    const result = await submitSignup(
      { db: database.db, client, config, log: () => {} },
      {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada+review@example.com",
        dateOfBirth: "1985-12-10",
        address: ADDRESS,
        selfie: undefined,
      },
    );
    if (!result.ok || result.next.kind !== "verify") throw new Error("expected a verification");
    const applicant = (await getApplicant(database.db, result.next.applicantId))!;
    const record = await client.getVerification(applicant.verificationId!);
    const body = JSON.stringify({ event: "Verified", ...record, status: "Verified" });
    const secret = config.webhookSecrets[1]!;

    expect(await receiveWebhook(database.db, signed(secret, body, "msg_one"))).toEqual({ status: 200, body: { received: true } });
    expect(await receiveWebhook(database.db, signed(secret, body, "msg_one"))).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
    expect(await database.db.select().from(receivedEvents).where(eq(receivedEvents.webhookId, "msg_one"))).toHaveLength(1);
    expect(await getApplicant(database.db, applicant.id)).toMatchObject({ state: "verified", verificationStatus: "Verified" });
    expect((await listApplicantEvents(database.db, applicant.id)).map((e) => e.event)).toEqual(["Verified"]);

    // An event of a case that is not one of ours is kept (it was signed by the service) but moves no one.
    const foreign = JSON.stringify({ event: "Created", ...record, id: "someone-else", external_id: null, status: "InProgress" });
    expect((await receiveWebhook(database.db, signed(secret, foreign, "msg_two"))).status).toBe(200);
    const [stored] = await database.db.select().from(receivedEvents).where(eq(receivedEvents.webhookId, "msg_two"));
    expect(stored!.applicantId).toBeNull();
    expect((await getApplicant(database.db, applicant.id))!.state).toBe("verified");
  });

  it("keeps an event that arrives before the sign-up has written the verification's id on the applicant with that applicant", async () => {
    const result = await submitSignup(
      { db: database.db, client, config, log: () => {} },
      {
        firstName: "Katherine",
        lastName: "Johnson",
        email: "katherine+review@example.com",
        dateOfBirth: "1988-08-26",
        address: ADDRESS,
        selfie: undefined,
      },
    );
    if (!result.ok || result.next.kind !== "verify") throw new Error("expected a verification");
    const applicant = (await getApplicant(database.db, result.next.applicantId))!;
    const record = await client.getVerification(applicant.verificationId!);
    // As the delivery of `Created` finds it when it wins the race: no verification id on the applicant yet.
    await database.db.update(applicants).set({ verificationId: null }).where(eq(applicants.id, applicant.id));
    const body = JSON.stringify({ event: "Created", ...record, status: "InProgress" });
    expect((await receiveWebhook(database.db, signed(config.webhookSecrets[1]!, body, "msg_early"))).status).toBe(200);
    expect((await listApplicantEvents(database.db, applicant.id)).map((e) => e.event)).toEqual(["Created"]);
  });

  it("refuses a bad signature, a tampered body and a replayed old delivery with 401", async () => {
    const secret = config.webhookSecrets[1]!;
    const body = JSON.stringify({ event: "Expired", id: "x" });
    const wrong = signed(`whsec_${Buffer.from("not the secret").toString("base64")}`, body, "msg_bad");
    expect(await receiveWebhook(database.db, wrong)).toEqual({ status: 401, body: { received: false, error: "Invalid signature" } });
    const tampered = signed(secret, body, "msg_tampered");
    expect((await receiveWebhook(database.db, { ...tampered, body: body.replace("Expired", "Verified") })).status).toBe(401);
    expect((await receiveWebhook(database.db, signed(secret, body, "msg_old", new Date(Date.now() - 10 * 60_000)))).status).toBe(401);
    expect((await receiveWebhook(database.db, { body, headers: new Headers(), secrets: config.webhookSecrets })).status).toBe(401);
    expect(await database.db.select().from(receivedEvents).where(eq(receivedEvents.webhookId, "msg_bad"))).toHaveLength(0);

    const route = await webhookRoute(
      new NextRequest("http://onboarding.test/api/onboarding/webhooks", {
        method: "POST",
        body,
        headers: { "webhook-id": "m", "webhook-timestamp": "1", "webhook-signature": "v1,AAAA" },
      }),
    );
    expect(route.status).toBe(401);
  });

  it("receives the service's own deliveries: sandbox outcome → outbox → signed POST → applicant verified", async () => {
    runtime = await startWebhookRuntime({ database, settings: FAST_SETTINGS, deliver: true });
    const result = await submitSignup(
      { db: database.db, client, config, log: () => {} },
      {
        firstName: "Grace",
        lastName: "Hopper",
        email: "grace+review@example.com",
        dateOfBirth: "1986-12-09",
        address: ADDRESS,
        selfie: undefined,
      },
    );
    if (!result.ok || result.next.kind !== "verify") throw new Error("expected a verification");
    const token = new URL(result.next.url).pathname.split("/").pop()!;
    expect((await chooseSandboxOutcome(database.db, { token, outcome: "verified" })).ok).toBe(true);

    const applicantId = result.next.applicantId;
    const deadline = Date.now() + 20_000;
    let events: string[] = [];
    while (Date.now() < deadline) {
      events = (await listApplicantEvents(database.db, applicantId)).map((e) => e.event);
      if (events.includes("Verified")) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(events).toEqual(["Created", "UserCompleted", "Verified"]);
    expect(await getApplicant(database.db, applicantId)).toMatchObject({ state: "verified", verificationStatus: "Verified" });
    expect(receiver.statuses.every((s) => s === 200)).toBe(true);
  });
});
