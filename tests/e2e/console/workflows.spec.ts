import { expect, test, type Page } from "@playwright/test";
import { checkPage, OWNER_STATE, sandboxToken, useMode } from "./helpers";

// The demo owner makes a workflow of their own in the console (issue 16), edits it, archives it
// and restores it; the API's GET /api/v1/flows shows each state.
test.describe.configure({ mode: "serial" });

const id = `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ storageState: OWNER_STATE })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test("create, edit, archive and restore a workflow; the API lists it", async ({ request }) => {
  await page.goto("/console");
  await useMode(page, "Sandbox");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Workflows" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Workflows" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Built in/ })).toBeVisible();

  // Nothing ticked: the server names what is missing, on the field.
  await page.locator("#workflow-new-id").fill(id);
  await page.locator("#workflow-new-name").fill("Selfie and address");
  await page.getByRole("button", { name: "Create workflow" }).click();
  await expect(page.getByTestId("workflow-new-message")).toHaveText("Invalid workflow");
  await expect(page.locator("#workflow-new-steps-error")).toContainText("Steps must be some of");

  await page.locator("#workflow-new-id").fill(id);
  await page.locator("#workflow-new-name").fill("Selfie and address");
  await page
    .locator("#workflow-new-message")
    .locator("..")
    .getByRole("checkbox", { name: /^Selfie/ })
    .check();
  await page
    .locator("#workflow-new-message")
    .locator("..")
    .getByRole("checkbox", { name: /^Proof of address/ })
    .check();
  await page.getByRole("button", { name: "Create workflow" }).click();
  await expect(page.getByTestId("workflow-new-message")).toHaveText(`Created “Selfie and address” (${id}).`);
  const row = page.getByTestId("workflow").filter({ hasText: id });
  await expect(row).toContainText("2 tokens per verification");
  await checkPage(page, "workflows");

  await row.locator("summary", { hasText: "Edit Selfie and address" }).click();
  await row.getByLabel("Name", { exact: true }).fill("Photo ID, selfie and address");
  await row.getByRole("checkbox", { name: /^Photo ID/ }).check();
  await row.getByRole("button", { name: "Save changes" }).click();
  await expect(row).toContainText("3 tokens per verification");
  await expect(row).toContainText("Photo ID, selfie and address");

  const token = await sandboxToken(request);
  const flow = async () => (await request.get(`/api/v1/flows/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(await flow()).toMatchObject({ id, name: "Photo ID, selfie and address", tokens_per_verification: 3, archived_at: null });

  await row.getByRole("button", { name: "Archive Photo ID, selfie and address" }).click();
  await expect(row.getByText("Archived", { exact: true })).toBeVisible();
  expect((await flow()).archived_at).not.toBeNull();
  const refused = await request.post("/api/v1/verifications", {
    headers: { authorization: `Bearer ${token}` },
    data: { email: "e2e@example.com", workflow_id: id },
  });
  expect(refused.status()).toBe(400);

  await row.getByRole("button", { name: "Restore Photo ID, selfie and address" }).click();
  await expect(row.getByText("Archived", { exact: true })).toHaveCount(0);
  expect((await flow()).archived_at).toBeNull();
});
