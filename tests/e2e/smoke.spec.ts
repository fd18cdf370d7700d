import { expect, test } from "@playwright/test";
import { screenshotBothSizes } from "./support";

test("the home page introduces the platform and links to the API reference", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /API reference/i }).first()).toHaveAttribute("href", "/docs");
  await screenshotBothSizes(page, "home");
});

test("/docs renders the OpenAPI document the server serves", async ({ page, request }) => {
  const doc = await (await request.get("/api/openapi.json")).json();
  const response = await page.goto("/docs");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Every path of the live document appears on the page (read once from the DOM: the page is
  // long, and a locator per path would search all of it each time).
  const main = page.getByRole("main");
  const text = await main.innerText();
  for (const path of Object.keys(doc.paths)) expect(text, path).toContain(path);
  await expect(main.getByText("sandbox-").first()).toBeVisible();
  await screenshotBothSizes(page, "docs");
});

test("the API and Next share one port: health, 404 shape, and a page", async ({ request }) => {
  const health = await request.get("/api/v1/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok", version: "0.1.0" });
  const missing = await request.get("/api/v2/verifications/333");
  expect(missing.status()).toBe(401);
  expect(await missing.json()).toMatchObject({ status_code: 401 });
  expect((await request.get("/docs")).headers()["content-type"]).toContain("text/html");
});

test("security headers: pages are not sniffed, the console, sign-up and docs are never framed, the hosted flow sends no referrer (issue 15)", async ({ request }) => {
  for (const path of ["/console/sign-in", "/signup", "/docs"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["x-frame-options"], path).toBe("DENY");
    expect(h["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
  const hosted = (await request.get("/verify/this-token-does-not-exist-at-all")).headers();
  expect(hosted["referrer-policy"]).toBe("no-referrer");
  expect(hosted["permissions-policy"]).toContain("camera=(self)");
  const api = (await request.get("/api/v1/health")).headers();
  expect([api["x-content-type-options"], api["x-frame-options"], api["referrer-policy"]]).toEqual(["nosniff", "DENY", "no-referrer"]);
});
