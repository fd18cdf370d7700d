import { expect, test } from "@playwright/test";
import { demoCredentials, screenshotBothSizes } from "./support";

test("a live case's hosted page shows its state and that capture is not available yet", async ({ page, request }) => {
  const creds = demoCredentials().live;
  const token = (await (await request.post("/api/v2/authenticate", { data: creds })).json()).access_token;
  const created = await request.post("/api/v1/verifications", {
    headers: { authorization: `Bearer ${token}` },
    data: { email: "hosted@example.com", workflow_id: "sandbox-flow", redirect_url: "https://example.com/back" },
  });
  const { url, id } = await created.json();
  const hostedPath = new URL(url).pathname;
  expect(hostedPath).toMatch(/^\/verify\/[A-Za-z0-9_-]{32}$/);
  expect(hostedPath).not.toContain(id);

  await page.goto(hostedPath);
  await expect(page.getByRole("heading", { level: 1, name: "Verify your identity" })).toBeVisible();
  await expect(page.getByTestId("hosted-status")).toHaveText("In progress");
  await expect(page.getByText("Capture is not available yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Demo" })).toHaveAttribute("href", "https://example.com/back");
  await screenshotBothSizes(page, "hosted-live");

  const unknown = await page.goto("/verify/this-token-does-not-exist-at-all");
  expect(unknown?.status()).toBe(404);
});
