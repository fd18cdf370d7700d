import { expect, test, type Page } from "@playwright/test";
import { startReceiver, type LocalReceiver } from "../../support/local-receiver";
import { checkPage, OWNER_STATE, sandboxCaseNeedingReview, sandboxRiskAssessment, sandboxToken, signIn, useMode } from "./helpers";

// One staff member's day in the console, in order, on one page (the session of console-setup).
test.describe.configure({ mode: "serial" });

let page: Page;
let receiver: LocalReceiver;
let originalWebhookUrl = "";

test.beforeAll(async ({ browser }) => {
  receiver = await startReceiver();
  page = await (await browser.newContext({ storageState: OWNER_STATE })).newPage();
});

test.afterAll(async () => {
  // Put the sandbox endpoint back for the projects that run after this one (the onboarding receiver).
  if (originalWebhookUrl) {
    await page.goto("/console/settings");
    await page.getByLabel("Endpoint URL").fill(originalWebhookUrl);
    await page.getByRole("button", { name: "Save endpoint" }).click();
    await expect(page.getByTestId("webhook-message")).toHaveText("Webhook endpoint saved.");
    await page.getByLabel("Default redirect URL").fill("");
    await page.getByRole("button", { name: "Save redirect URL" }).click();
    await expect(page.getByTestId("redirect-message")).toHaveText("Default redirect URL cleared.");
  }
  await page.context().close();
  await receiver.close();
});

test("the console needs a session: signed out, it sends you to sign in", async ({ browser }) => {
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto("/console/cases");
  await expect(anonymous).toHaveURL(/\/console\/sign-in$/);
  const api = await anonymous.request.get("/console/api/cases");
  expect(api.status()).toBe(401);
  await anonymous.getByLabel("Email").fill("owner@demo.test");
  await anonymous.getByLabel("Password").fill("not the password");
  await anonymous.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(anonymous.getByTestId("sign-in-error")).toHaveText(/do not match/);
  await checkPage(anonymous, "sign-in");
  await anonymous.context().close();
});

test("overview, then switch to sandbox", async () => {
  await page.goto("/console");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await useMode(page, "Sandbox");
  await expect(page.getByText("Sandbox mode: test data only.")).toBeVisible();
  await checkPage(page, "overview");
});

test("find case 444 and see its checks", async () => {
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Cases" }).click();
  await page.getByLabel("Search").fill("444");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: "e.roberts.9421@mailinator.com" })).toBeVisible();
  await checkPage(page, "cases");
  await page.getByRole("link", { name: "e.roberts.9421@mailinator.com" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "e.roberts.9421@mailinator.com" })).toBeVisible();
  await expect(page.getByTestId("check")).toHaveCount(5);
  await expect(page.getByRole("heading", { name: "Identity" })).toBeVisible();
  await expect(page.getByRole("meter", { name: "Liveness score" })).toHaveAttribute("aria-valuenow", "95");
  await expect(page.getByText("Document number")).toBeVisible();
  await expect(page.getByRole("note")).toContainText("read-only");
  await checkPage(page, "case-canned");
});

test("the case list updates by itself when a case is created", async ({ request }) => {
  await page.goto("/console/cases");
  await expect(page.getByText("Live: refreshes every 5 s")).toBeVisible();
  const token = await sandboxToken(request);
  const created = await request.post("/api/v1/verifications", {
    headers: { authorization: `Bearer ${token}` },
    data: { email: "live.update@example.com", workflow_id: "sandbox-flow", external_id: "e2e-live-update" },
  });
  expect(created.status()).toBe(201);
  // No reload: the list polls the console's route handler.
  await expect(page.getByRole("link", { name: "live.update@example.com" })).toBeVisible({ timeout: 15_000 });
});

test("create sandbox credentials (secret shown once), then revoke them", async () => {
  await page.goto("/console/integrations");
  await page.getByLabel("Name").fill("E2E backend");
  await page.getByRole("button", { name: "Create sandbox credentials" }).click();
  await expect(page.getByTestId("secret-value")).toHaveText(/^sandbox-/);
  await checkPage(page, "integrations");
  const row = page.getByTestId("credentials").getByRole("listitem").filter({ hasText: "E2E backend" });
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: /Revoke/ }).click();
  await expect(row).toContainText("Revoked");
  await page.reload();
  await expect(page.getByTestId("secret-value")).toHaveCount(0);
});

test("set the webhook URL, rotate the secret, set the default redirect URL", async () => {
  await page.goto("/console/settings");
  originalWebhookUrl = await page.getByLabel("Endpoint URL").inputValue();
  await page.getByLabel("Endpoint URL").fill(receiver.url("/console-hook"));
  await page.getByRole("button", { name: "Save endpoint" }).click();
  await expect(page.getByTestId("webhook-message")).toHaveText("Webhook endpoint saved.");
  await page.getByRole("button", { name: "Rotate signing secret" }).click();
  await expect(page.getByTestId("secret-value")).toHaveText(/^whsec_/);
  // A page of this server, so hosted pages of later cases have somewhere reachable to return to.
  await page.getByLabel("Default redirect URL").fill(new URL("/", page.url()).toString());
  await page.getByRole("button", { name: "Save redirect URL" }).click();
  await expect(page.getByTestId("redirect-message")).toHaveText("Default redirect URL saved.");
  await page.reload();
  await expect(page.getByLabel("Endpoint URL")).toHaveValue(receiver.url("/console-hook"));
  await checkPage(page, "settings");
});

test("approve a case that needs review: timeline and webhook delivery", async ({ request }) => {
  const hosted = await page.context().newPage();
  const id = await sandboxCaseNeedingReview(hosted, request, "needs.review@example.com");
  await hosted.close();
  await page.goto(`/console/cases?q=${id}`);
  await expect(page.getByRole("link", { name: "needs.review@example.com" })).toBeVisible();
  await page.goto(`/console/cases/${id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Review" })).toBeVisible();
  await checkPage(page, "case-review");
  await page.getByLabel(/Note/).fill("Called the customer; the passport is genuine.");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("review-done")).toHaveText(/Approved/);
  const timeline = page.getByTestId("timeline");
  await expect(timeline).toContainText("ManuallyReviewed");
  await expect(timeline).toContainText("owner@demo.test");
  await expect(timeline).toContainText("Called the customer; the passport is genuine.");
  await expect(page.getByRole("heading", { level: 2, name: "Review" })).toHaveCount(0);
  // The webhook engine delivers to the receiver; the case page shows each message's status.
  const deliveries = page.getByTestId("deliveries");
  await expect(deliveries).toContainText("Verified");
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await deliveries.getByRole("listitem").filter({ hasText: "Verified" }).first().textContent()) ?? "";
      },
      { timeout: 20_000 },
    )
    .toContain("delivered");
  expect(receiver.to("/console-hook").some((r) => JSON.parse(r.body).event === "Verified" && JSON.parse(r.body).id === id)).toBe(true);
  await checkPage(page, "case-reviewed");
});

test("acknowledge an alert of a sandbox test account", async () => {
  await page.goto("/console/accounts");
  await checkPage(page, "accounts");
  await page.getByRole("button", { name: "Add a test account with an alert" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Test Person" })).toBeVisible();
  await expect(page.getByTestId("account-status")).toHaveText("New alert");
  await page.getByRole("button", { name: "Acknowledge alert" }).click();
  await expect(page.getByTestId("account-status")).toHaveText("Acknowledged");
  await expect(page.getByTestId("alert")).toContainText("Acknowledged");
  await checkPage(page, "account");
});

test("risk assessments: list and detail", async ({ request }) => {
  await sandboxRiskAssessment(request, "jane+review@example.com");
  await page.goto("/console/risk");
  await checkPage(page, "risk");
  await page.getByRole("link", { name: "Jane Doe" }).first().click();
  await expect(page.getByRole("img", { name: /Trust score \d+ of 100, REVIEW/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "AML screening" })).toBeVisible();
  await checkPage(page, "risk-detail");
});

test("audit log shows who did what", async () => {
  await page.goto("/console/audit");
  await expect(page.getByRole("cell", { name: "verification.approve" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "api_client.revoked" }).first()).toBeVisible();
  await checkPage(page, "audit");
});

test("a viewer cannot approve: no button, and the server refuses", async ({ browser, request }) => {
  await page.goto("/console/members");
  await page.getByLabel("Email").fill("viewer@demo.test");
  await page.getByLabel("Role").selectOption("viewer");
  await page.getByRole("button", { name: "Create invitation" }).click();
  const link = (await page.getByTestId("secret-value").textContent())!;
  expect(link).toContain("/console/invite/");
  await checkPage(page, "members");

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(new URL(link).pathname);
  await expect(viewer.getByRole("heading", { level: 1, name: "Join Demo" })).toBeVisible();
  await checkPage(viewer, "invite");
  await viewer.getByLabel(/Choose a password/).fill("viewer-password-123");
  await viewer.getByRole("button", { name: "Join the team" }).click();
  await expect(viewer.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await useMode(viewer, "Sandbox");

  const hosted = await viewerContext.newPage();
  const id = await sandboxCaseNeedingReview(hosted, request, "viewer.case@example.com");
  await hosted.close();
  await viewer.goto(`/console/cases/${id}`);
  await expect(viewer.getByTestId("review-not-allowed")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Approve" })).toHaveCount(0);

  const refused = await viewer.request.post(`/console/api/cases/${id}/review`, {
    data: { decision: "approve", note: "I should not be able to", expected_status: "Refused" },
  });
  expect(refused.status()).toBe(403);
  await viewer.reload();
  await expect(viewer.getByText("Refused", { exact: true }).first()).toBeVisible();
  await expect(viewer.getByTestId("timeline")).not.toContainText("ManuallyReviewed");

  // The owner's session may decide the same case through the same route.
  const allowed = await page.request.post(`/console/api/cases/${id}/review`, {
    data: { decision: "reject", note: "Confirmed refusal", expected_status: "Refused" },
  });
  expect(allowed.status()).toBe(200);
  await viewerContext.close();
});

test("signing in again works for the new member; sign-out ends the session", async ({ browser }) => {
  const context = await browser.newContext();
  const again = await context.newPage();
  await signIn(again, "viewer@demo.test", "viewer-password-123");
  await again.getByRole("button", { name: "Sign out" }).click();
  await expect(again).toHaveURL(/\/console\/sign-in$/);
  await again.goto("/console");
  await expect(again).toHaveURL(/\/console\/sign-in$/);
  await context.close();
});
