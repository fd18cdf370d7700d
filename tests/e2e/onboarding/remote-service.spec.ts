import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { chooseAddress, expectStep, fillDetails, person, uniqueEmail } from "./helpers";

// The onboarding app of one deployment pointed at the API of ANOTHER (its own process, port and
// data folder): SERVICE_BASE_URL and credentials are all it takes. Both are the built app started
// the production way (`tsx server.ts`), next to the suite's own web server.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const SERVICE_PORT = BASE_PORT + 2;
const ONBOARDING_PORT = BASE_PORT + 3;
const DATA = process.env.E2E_DATA_DIR ?? "data-e2e";
const SERVICE_DIR = `${DATA}-remote-service`;
const ONBOARDING_DIR = `${DATA}-remote-onboarding`;
const SERVICE_URL = `http://localhost:${SERVICE_PORT}`;
const ONBOARDING_URL = `http://localhost:${ONBOARDING_PORT}`;
const STAFF_PASSWORD = "remote-e2e-staff-password";

const started: ChildProcess[] = [];

function start(env: Record<string, string>, label: string): ChildProcess {
  fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
  // Its own process group, so stopping it stops tsx's node child too.
  const child = spawn("node_modules/.bin/tsx", ["server.ts"], {
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", WEBHOOK_ALLOW_LOOPBACK: "true", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stderr?.on("data", (d: Buffer) => process.stderr.write(`[${label}] ${d}`));
  child.stdout?.resume();
  started.push(child);
  return child;
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not start`);
}

test.describe("against a service in another process", () => {
  test.describe.configure({ mode: "serial" });
  let serviceCreds: { sandbox: { client_id: string; client_secret: string } };
  let serviceSecret: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    start({ PORT: String(SERVICE_PORT), DATA_DIR: SERVICE_DIR, PUBLIC_BASE_URL: SERVICE_URL }, "service");
    await waitForHealth(SERVICE_URL);
    serviceCreds = JSON.parse(fs.readFileSync(path.join(SERVICE_DIR, "demo-credentials.json"), "utf8"));
    serviceSecret = JSON.parse(fs.readFileSync(path.join(SERVICE_DIR, "demo-webhook.json"), "utf8")).sandbox.secret;
    start(
      {
        PORT: String(ONBOARDING_PORT),
        DATA_DIR: ONBOARDING_DIR,
        PUBLIC_BASE_URL: ONBOARDING_URL,
        SERVICE_BASE_URL: SERVICE_URL,
        SERVICE_CLIENT_ID: serviceCreds.sandbox.client_id,
        SERVICE_CLIENT_SECRET: serviceCreds.sandbox.client_secret,
        ONBOARDING_WEBHOOK_SECRET: serviceSecret,
        ONBOARDING_ADMIN_PASSWORD: STAFF_PASSWORD,
      },
      "onboarding",
    );
    await waitForHealth(ONBOARDING_URL);
  });

  test.afterAll(async () => {
    for (const child of started) {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    }
    await Promise.all(started.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)));
    for (const dir of [SERVICE_DIR, ONBOARDING_DIR]) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("REVIEW on one deployment, verified on the other's hosted page, back on the first's return page", async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("+review");
    await page.goto(`${ONBOARDING_URL}/signup`);
    await fillDetails(page, person(email));
    await page.getByRole("button", { name: "Continue" }).click();
    await expectStep(page, 2, "Your address");
    // The address picker's route handler calls the other deployment's lookup.
    await chooseAddress(page, "SW1A 2AA", "10 Downing Street, London, SW1A 2AA");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Create my account" }).click();

    await page.waitForURL(new RegExp(`^${SERVICE_URL}/verify/[\\w-]{32}$`));
    await page.getByRole("button", { name: "Verified" }).click();
    await page.waitForURL(new RegExp(`^${ONBOARDING_URL}/signup/return/app_[\\w-]+$`));
    await expect(page.getByTestId("verification-outcome")).toHaveAttribute("data-status", "Verified");
    const applicantId = page.url().split("/").pop()!;

    // The applicant, in the onboarding deployment's own database.
    await page.goto(`${ONBOARDING_URL}/applicants/${applicantId}`);
    await page.getByLabel("Staff password").fill(STAFF_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("verification-status")).toHaveText("Verified");
    const verificationId = (await page.getByTestId("verification-id").textContent())!.trim();

    // The other deployment signs a webhook for this case (spec 4.7) and delivers it here.
    const token = (await (await request.post(`${SERVICE_URL}/api/v2/authenticate`, { data: serviceCreds.sandbox })).json())
      .access_token as string;
    const trigger = await request.post(`${SERVICE_URL}/api/v1/verifications/${verificationId}/webhooks`, {
      headers: { authorization: `Bearer ${token}` },
      data: { webhook_url: `${ONBOARDING_URL}/api/onboarding/webhooks`, event: "Verified" },
    });
    expect(trigger.status()).toBe(200);
    const report = await trigger.json();
    expect(report.error).toBeNull();
    expect(report.response.status_code).toBe(200);
    await page.reload();
    await expect(page.getByTestId("event-name")).toHaveText(["Verified"]);
  });
});
