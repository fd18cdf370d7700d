import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { checkPage, OWNER_STATE, useMode } from "./helpers";

// The live engine through the console's by-hand form: a listed person (the demo seed's OFAC
// sample) with a real face, a real resident's address, every enrichment. The result page explains
// the score factor by factor.
test.describe.configure({ mode: "serial" });

const FACE = path.resolve("node_modules/@vladmandic/face-api/demo/sample2.jpg");
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ storageState: OWNER_STATE })).newPage();
  await page.goto("/console");
  await useMode(page, "Live");
});

test.afterAll(async () => {
  await page.context().close();
});

test("a sanctioned name in live mode: AML fails, the person is monitored, the score is explained", async () => {
  test.setTimeout(120_000);
  await page.goto("/console/risk/new");
  await page.getByLabel("First name").fill("Vladimir");
  await page.getByLabel("Last name").fill("Putin");
  await page.getByLabel("Email address").fill(`v.putin.${Date.now()}@example.ru`);
  await page.getByLabel("Day").fill("7");
  await page.getByLabel("Month").fill("10");
  await page.getByLabel("Year").fill("1952");
  // The Demo team's live lookup answers from the bundled address sample.
  await page.getByLabel("Postcode").fill("SW1A 2AA");
  await page.getByRole("button", { name: "Find address" }).click();
  const combobox = page.getByRole("combobox", { name: "Select the address" });
  await expect(combobox).toBeFocused({ timeout: 15_000 });
  await combobox.click();
  await page.getByRole("option").first().click();
  for (const name of [/Credit bureau/, /Online footprint/, /AML screening/, /National fraud database/])
    await page.getByRole("checkbox", { name }).check();
  await page.getByLabel(/^Face image/).setInputFiles(FACE);
  await page.getByRole("button", { name: "Run assessment" }).click();
  await page.waitForURL(/\/console\/risk\/risk_[\w-]+$/, { timeout: 60_000 });

  await expect(page.getByRole("heading", { level: 1, name: "Vladimir Putin" })).toBeVisible();
  const factors = page.getByRole("region", { name: "How the score was made" });
  await expect(factors).toBeVisible();
  for (const factor of [
    "Known blocklist match",
    "Email velocity",
    "Face linked to multiple identities",
    "AML screening",
    "Credit bureau",
  ]) {
    await expect(factors.getByText(factor, { exact: true })).toBeVisible();
  }
  await expect(factors.getByText(/PUTIN/)).toBeVisible();
  const aml = page.getByRole("region", { name: "AML screening" });
  await expect(aml.getByText("FAIL").first()).toBeVisible();
  await expect(page.getByRole("img", { name: /Trust score \d+ of 100, (REVIEW|REJECT)/ })).toBeVisible();
  await checkPage(page, "risk-live-explained");

  // The listed person is now a monitored account with an alert.
  await page.goto("/console/accounts");
  await expect(page.getByRole("link", { name: /Vladimir Putin/ }).first()).toBeVisible();
  await checkPage(page, "accounts-live-monitored");
});
