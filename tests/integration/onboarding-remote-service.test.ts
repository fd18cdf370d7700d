import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "@/lib/db";
import { getApplicant, listApplicantEvents } from "@/lib/onboarding/applicants";
import { getOnboardingConfig, parseOnboardingConfig, setOnboardingConfig } from "@/lib/onboarding/config";
import { setServiceClient } from "@/lib/onboarding/service";
import { initialSignupState } from "@/lib/onboarding/signup-state";
import { submitSignupAction } from "@/app/(onboarding)/signup/actions";
import { GET as postcodeRoute } from "@/app/(onboarding)/api/onboarding/postcode/route";
import { GET as verificationRoute } from "@/app/(onboarding)/api/onboarding/verification/[applicantId]/route";
import { POST as webhookRoute } from "@/app/(onboarding)/api/onboarding/webhooks/route";
import { createTestDatabase, type TestDatabase } from "../support/db";

// The onboarding app against the service API served by ANOTHER process on another port, with its
// own database: nothing is shared but HTTP. The service process runs the real API app, the demo
// seed (credentials and webhook secrets written to a folder, as `npm start` does) and the real
// webhook runtime, which POSTs signed deliveries back to this process's receiver.

const root = path.resolve(import.meta.dirname, "../..");

// The service process: API app + demo seed + webhook runtime; a line of JSON on stdin picks a
// sandbox outcome (what the hosted page's buttons do), answered by a line of JSON.
const SERVICE = `
(async () => {
  const readline = await import("node:readline");
  const path = await import("node:path");
  const { serve } = await import("@hono/node-server");
  const { openDatabase } = await import("@/lib/db/client");
  const { runMigrations } = await import("@/lib/db/migrate");
  const { createApiApp } = await import("@/lib/server/http/app");
  const { seedDemo } = await import("@/lib/server/seed/seed-demo");
  const { startWebhookRuntime } = await import("@/lib/server/webhooks/start-webhook-runtime");
  const { chooseSandboxOutcome } = await import("@/lib/server/hosted/choose-sandbox-outcome");
  const { FAST_SETTINGS } = await import("./tests/support/webhook-harness");
  const port = Number(process.env.SERVICE_PORT);
  const database = await openDatabase({ kind: "pglite-memory" });
  await runMigrations(database);
  await seedDemo(database.db, { credentialsFile: path.join(process.env.SERVICE_DIR, "demo-credentials.json"), webhookUrl: process.env.WEBHOOK_URL });
  await startWebhookRuntime({ database, settings: FAST_SETTINGS, deliver: true });
  const app = createApiApp({ db: async () => database.db, publicBaseUrl: "http://127.0.0.1:" + port, tokenTtlSeconds: 3600, version: "remote", webhookAllowLoopback: true });
  serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => console.log(JSON.stringify({ ready: true, pid: process.pid })));
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const { token, outcome } = JSON.parse(line);
    const result = await chooseSandboxOutcome(database.db, { token, outcome });
    console.log(JSON.stringify({ ok: result.ok }));
  }
})().catch((error) => { console.error(error); process.exit(1); });
`;

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("onboarding against an API served by another process", () => {
  let database: TestDatabase;
  let service: ChildProcessWithoutNullStreams;
  let lines: AsyncIterator<string>;
  let receiver: http.Server;
  let serviceUrl: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "onboarding-remote-"));
  const received: string[] = [];

  beforeAll(async () => {
    // This process's side: its own database and the webhook receiver route on a loopback port.
    database = await createTestDatabase("pglite");
    setDatabase(database);
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        const response = await webhookRoute(
          new NextRequest(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }),
        );
        received.push(`${response.status} ${req.headers["webhook-id"]}`);
        res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/onboarding/webhooks`;

    const port = await freePort();
    serviceUrl = `http://127.0.0.1:${port}`;
    service = spawn(path.join(root, "node_modules/.bin/tsx"), ["-e", SERVICE], {
      cwd: root,
      env: { ...process.env, SERVICE_PORT: String(port), SERVICE_DIR: dir, WEBHOOK_URL: webhookUrl, LOG_LEVEL: "silent" },
    });
    service.stderr.on("data", (d: Buffer) => process.stderr.write(`[service] ${d}`));
    lines = readline.createInterface({ input: service.stdout })[Symbol.asyncIterator]();
    const first = await lines.next();
    expect(JSON.parse(first.value as string)).toMatchObject({ ready: true });
    expect(Number(JSON.parse(first.value as string).pid)).not.toBe(process.pid);

    // Configured the way a deployment is: SERVICE_BASE_URL, and the demo files in DATA_DIR for
    // the credentials and the webhook secret. The client is then built from this configuration.
    setOnboardingConfig(
      parseOnboardingConfig({ SERVICE_BASE_URL: serviceUrl, DATA_DIR: dir, ONBOARDING_PUBLIC_URL: "http://onboarding.test" }),
    );
    setServiceClient(undefined);
  }, 120_000);

  afterAll(async () => {
    service?.kill("SIGTERM");
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    setOnboardingConfig(undefined);
    setServiceClient(undefined);
    await database.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function form(email: string): FormData {
    const data = new FormData();
    const fields = { firstName: "Ada", lastName: "Lovelace", email, dobDay: "10", dobMonth: "12", dobYear: "1985", addressMode: "lookup" };
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return data;
  }

  async function redirectOf(promise: Promise<unknown>): Promise<string> {
    const error = (await promise.then(
      () => ({}),
      (e: unknown) => e,
    )) as { digest?: string };
    const match = /^NEXT_REDIRECT;[a-z]+;(.+);\d{3};/.exec(error.digest ?? "");
    if (!match) throw new Error(`expected a redirect, got ${String(error)}`);
    return match[1]!;
  }

  it("looks up, signs up, verifies and receives the webhooks over HTTP", async () => {
    expect(getOnboardingConfig().credentials.clientSecret).toMatch(/^sandbox-/);

    const lookup = await postcodeRoute(new NextRequest("http://onboarding.test/api/onboarding/postcode?postcode=NW1%206XE"));
    expect(lookup.status).toBe(200);
    const { addresses } = (await lookup.json()) as { addresses: { label: string; address: object }[] };
    expect(addresses).toHaveLength(12);

    const clear = form("grace@example.com");
    clear.set("address", JSON.stringify(addresses[6]!.address));
    expect(await redirectOf(submitSignupAction(initialSignupState, clear))).toMatch(/^\/signup\/welcome\/app_/);

    const reject = form("eve+reject@example.com");
    reject.set("address", JSON.stringify(addresses[0]!.address));
    expect(await redirectOf(submitSignupAction(initialSignupState, reject))).toMatch(/^\/signup\/refused\/app_/);

    const review = form("ada+review@example.com");
    review.set("address", JSON.stringify(addresses[6]!.address));
    const hosted = await redirectOf(submitSignupAction(initialSignupState, review));
    expect(hosted).toMatch(new RegExp(`^${serviceUrl}/verify/[\\w-]{32}$`));

    const [applicant] = (await database.db.query.applicants.findMany()).filter((a) => a.email === "ada+review@example.com");
    const poll = async () =>
      (
        await verificationRoute(new Request("http://onboarding.test/x"), { params: Promise.resolve({ applicantId: applicant!.id }) })
      ).json();
    expect(await poll()).toEqual({ status: "InProgress", expired: false, settled: false });

    service.stdin.write(JSON.stringify({ token: hosted.split("/").pop(), outcome: "verified" }) + "\n");
    expect(JSON.parse((await lines.next()).value as string)).toEqual({ ok: true });
    expect(await poll()).toEqual({ status: "Verified", expired: false, settled: true });

    // The service's webhooks come back over HTTP, signed with the secret from its demo files.
    const deadline = Date.now() + 30_000;
    let events: string[] = [];
    while (Date.now() < deadline && !events.includes("Verified")) {
      events = (await listApplicantEvents(database.db, applicant!.id)).map((e) => e.event);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(events).toEqual(["Created", "UserCompleted", "Verified"]);
    expect(received.every((r) => r.startsWith("200 "))).toBe(true);
    expect(await getApplicant(database.db, applicant!.id)).toMatchObject({ state: "verified", verificationStatus: "Verified" });
  }, 90_000);
});
