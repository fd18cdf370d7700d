import { expect, test, type Page } from "@playwright/test";
import { demoCredentials } from "../support";
import { checkPage, OWNER_STATE, sandboxToken, useMode } from "./helpers";

// The demo owner keeps the team's blocklist and reports confirmed fraud from a case and from a
// risk assessment. One page, in order.
test.describe.configure({ mode: "serial" });

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ storageState: OWNER_STATE })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test("add an email and a name with date of birth to the blocklist, then remove one", async () => {
  await page.goto("/console");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Blocklist" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blocklist" })).toBeVisible();
  const entries = page.getByTestId("blocklist-entry");
  const before = await entries.count();

  const email = `mallory.${unique}@example.com`;
  await page.getByLabel("Email", { exact: true }).fill(`Mallory.${unique}+promo@Example.com`);
  await page.getByLabel("Reason").fill("Opened accounts with stolen cards");
  await page.getByRole("button", { name: "Add to blocklist" }).click();
  await expect(page.getByTestId("blocklist-add-message")).toHaveText(`Added mallory.${unique}+promo@example.com to the blocklist.`);
  await expect(entries).toHaveCount(before + 1);

  // The same mailbox again (without the +tag): the team already has it.
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Reason").fill("Again");
  await page.getByRole("button", { name: "Add to blocklist" }).click();
  await expect(page.getByTestId("blocklist-add-message")).toHaveText("Already on your blocklist");
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("radio", { name: "Name and date of birth" }).check();
  await page.getByLabel("First name").fill("Eve");
  await page.getByLabel("Last name").fill(`Mallory-${unique}`);
  await page.getByLabel("Date of birth", { exact: true }).fill("1980-04-02");
  await page.getByLabel("Reason").fill("Synthetic identity used at three lenders");
  await page.getByRole("button", { name: "Add to blocklist" }).click();
  await expect(page.getByTestId("blocklist-add-message")).toHaveText(`Added Eve Mallory-${unique}, born 1980-04-02 to the blocklist.`);
  await expect(entries).toHaveCount(before + 2);
  // The form stays on the kind chosen, ready for the next one.
  await expect(page.getByRole("radio", { name: "Name and date of birth" })).toBeChecked();
  await expect(page.getByLabel("First name")).toHaveValue("");
  await expect(entries.first()).toContainText("Name and date of birth");
  await checkPage(page, "blocklist");

  await page.getByRole("button", { name: `Remove mallory.${unique}+promo@example.com from the blocklist` }).click();
  await expect(entries).toHaveCount(before + 1);
  await expect(page.getByText(`mallory.${unique}+promo@example.com`)).toHaveCount(0);
  await expect(entries.first()).toContainText(`Eve Mallory-${unique}`);
});

test("report a live case as confirmed fraud", async ({ request }) => {
  const auth = await request.post("/api/v2/authenticate", { data: demoCredentials().live });
  const token = (await auth.json()).access_token as string;
  const created = await request.post("/api/v1/verifications", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      email: `frank.${unique}@example.com`,
      workflow_id: "sandbox-flow",
      first_name: "Frank",
      last_name: "Abagnale",
      date_of_birth: "1948-04-27",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await page.goto(`/console/cases/${id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Confirmed fraud" })).toBeVisible();
  await page.getByLabel("What was the fraud?").fill("Cheques drawn on accounts he opened under this name.");
  await page.getByRole("button", { name: "Report confirmed fraud" }).click();
  await expect(page.getByTestId("fraud-reported")).toContainText("Reported as confirmed fraud");
  await expect(page.getByTestId("fraud-reported")).toContainText("Cheques drawn on accounts he opened under this name. Every team");
  await expect(page.getByRole("button", { name: "Report confirmed fraud" })).toHaveCount(0);
  await checkPage(page, "case-fraud-reported");
});

test("report a risk assessment as confirmed fraud (sandbox)", async ({ request }) => {
  await useMode(page, "Sandbox");
  const token = await sandboxToken(request);
  const res = await request.post("/api/v2/risk", {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      first_name: "Frank",
      last_name: `Abagnale-${unique}`,
      email: `frank.${unique}+reject@example.com`,
      date_of_birth: "1948-04-27",
      enrichments: '["NFD"]',
    },
  });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  await page.goto(`/console/risk/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Frank Abagnale-${unique}` })).toBeVisible();
  // An empty reason is stopped before it is sent.
  await page.getByRole("button", { name: "Report confirmed fraud" }).click();
  await expect(page.getByLabel("What was the fraud?")).toBeFocused();
  await page.getByLabel("What was the fraud?").fill("Impersonation confirmed by the bank");
  await page.getByRole("button", { name: "Report confirmed fraud" }).click();
  await expect(page.getByTestId("fraud-reported")).toContainText(
    "Impersonation confirmed by the bank. Sandbox: kept with the team’s test data",
  );
  await checkPage(page, "risk-fraud-reported");
  await useMode(page, "Live");
});
