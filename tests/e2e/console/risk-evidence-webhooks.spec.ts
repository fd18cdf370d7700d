import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { checkPage, OWNER_STATE, sandboxToken, useMode } from "./helpers";

// A reviewer's by-hand risk assessment (shared risk form, console postcode picker, face image →
// evidence), then the team's webhook messages with a replay. Sandbox mode throughout.
test.describe.configure({ mode: "serial" });

const FACE = path.resolve("node_modules/@vladmandic/face-api/demo/sample1.jpg");
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ storageState: OWNER_STATE })).newPage();
  await page.goto("/console");
  await useMode(page, "Sandbox");
});

test.afterAll(async () => {
  await page.context().close();
});

test("run an assessment by hand: postcode picker, enrichments, face image → the result with its evidence", async () => {
  test.setTimeout(90_000);
  await page.goto("/console/risk");
  await page.getByRole("link", { name: "Run an assessment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Run an assessment" })).toBeVisible();
  await checkPage(page, "risk-new");

  // Nothing filled in: the server says what each field needs.
  await page.getByRole("button", { name: "Run assessment" }).click();
  await expect(page.getByTestId("assessment-message")).toHaveText("Check the highlighted answers.");
  await expect(page.getByText("Enter the first name")).toBeVisible();
  await expect(page.getByText("Enter the date of birth")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await checkPage(page, "risk-new-errors");

  const email = `grace.${unique()}+review@example.com`;
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Day").fill("9");
  await page.getByLabel("Month").fill("12");
  await page.getByLabel("Year").fill("1986");
  await page.getByLabel(/^Phone/).fill("+447700900123");

  // The console's own lookup route answers the sandbox's canned postcode.
  await page.getByLabel("Postcode").fill("sw1a 2aa");
  await page.getByRole("button", { name: "Find address" }).click();
  const combobox = page.getByRole("combobox", { name: "Select the address" });
  await expect(combobox).toBeFocused({ timeout: 15_000 });
  await combobox.click();
  await expect(page.getByRole("option")).toHaveCount(1);
  await page.getByRole("option", { name: "10 Downing Street, London, SW1A 2AA" }).click();
  await expect(page.getByTestId("chosen-address")).toContainText("10 Downing Street, London, SW1A 2AA");

  await page.getByRole("checkbox", { name: /Credit bureau/ }).check();
  await page.getByRole("checkbox", { name: /AML screening/ }).check();
  await page.getByLabel(/^Face image/).setInputFiles(FACE);
  await expect(page.getByTestId("selfie-preview")).toContainText("Photo added");
  await checkPage(page, "risk-new-filled");

  await page.getByRole("button", { name: "Run assessment" }).click();
  await page.waitForURL(/\/console\/risk\/risk_[\w-]+$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Grace Hopper" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("img", { name: /Trust score \d+ of 100, REVIEW/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Credit bureau" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "AML screening" })).toBeVisible();

  // The face image is kept as evidence and served to members only, as an inert image.
  const image = page.getByTestId("evidence").getByRole("img", { name: "Face scan of Grace Hopper" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await checkPage(page, "risk-assessed");
  const href = (await page.getByTestId("evidence").getByRole("link").first().getAttribute("href"))!;
  const served = await page.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["cache-control"]).toContain("private");
  expect(served.headers()["content-security-policy"]).toBe("default-src 'none'");
  expect((await served.body()).equals(fs.readFileSync(FACE))).toBe(true);

  const anonymous = await page.context().browser()!.newContext();
  expect((await anonymous.request.get(new URL(href, page.url()).toString())).status()).toBe(401);
  await anonymous.close();
  // The same member in live mode: another mode's image is not there.
  await useMode(page, "Live");
  expect((await page.request.get(href)).status()).toBe(404);
  await useMode(page, "Sandbox");
  await page.goto("/console/risk");
  await expect(page.getByRole("link", { name: "Grace Hopper" }).first()).toBeVisible();
  await checkPage(page, "risk-list-with-run");
});

test("webhooks page: the team's messages, a status filter, a replay, and a failed-range replay", async ({ request }) => {
  test.setTimeout(60_000);
  const token = await sandboxToken(request);
  const created = await request.post("/api/v1/verifications", {
    headers: { authorization: `Bearer ${token}` },
    data: { email: `hook.${unique()}@example.com`, workflow_id: "sandbox-flow" },
  });
  expect(created.status()).toBe(201);
  const caseId: string = (await created.json()).id;

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Case ${caseId}` }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Created");
  await checkPage(page, "webhooks");

  // A new Created message is not failed (its retries take minutes): the failed filter leaves it out.
  await page.getByLabel("Status").selectOption("failed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(row).toHaveCount(0);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: /Replay/ }).click();
  await expect(row.getByTestId("replay-message")).toHaveText("Queued again");
  await page.reload();
  await expect(row).toContainText("replayed 1×");

  await page.getByRole("button", { name: "Replay failed messages" }).click();
  await expect(page.getByTestId("replay-range-message")).toHaveText(
    /^(Queued \d+ failed messages? again\.|No failed messages were created in that range\.)$/,
  );
  await checkPage(page, "webhooks-replayed");
});
