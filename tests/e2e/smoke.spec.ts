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
  // Two full-page screenshots of a long reference page: 10–13 s each on a busy two-core machine.
  test.setTimeout(90_000);
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

test("security headers: pages are not sniffed, the console, sign-up and docs are never framed, the hosted flow sends no referrer (issue 15)", async ({
  request,
}) => {
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

test("the nonce policy lets Next's own scripts run and nothing else: no CSP violation, pages hydrate (issue 15)", async ({ page }) => {
  // Recorded before any page script runs (Playwright's init scripts are not subject to the page's CSP).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  for (const path of ["/", "/console/sign-in", "/signup", "/docs"]) {
    const response = await page.goto(path);
    const policy = response?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, path).toBeTruthy();
    await page.waitForLoadState("networkidle");
    // Every script Next wrote carries this response's nonce; the page's React tree is live (hydrated).
    const scripts = await page.locator("script").evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).nonce));
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(new Set(scripts), path).toEqual(new Set([nonce]));
    const hydrated = await page.evaluate(() =>
      [...document.querySelectorAll("body *")].some((el) => Object.keys(el).some((k) => k.startsWith("__react"))),
    );
    expect(hydrated, path).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), path).toEqual([]);
  }
});

test("console sign-in: after five wrong passwords for one email, the next try waits and says so (issue 15)", async ({ page }) => {
  const tryOnce = async () => {
    // A fresh page per try: React resets the form after each answer, which could race the next fill.
    await page.goto("/console/sign-in");
    await page.getByLabel("Email").fill("nobody-rate-limited@demo.test");
    await page.getByLabel("Password").fill("not the password");
    // The server action posts to the page: wait for its answer, the message may read the same as before.
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/console/sign-in");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await answered;
    await expect(page.getByTestId("sign-in-error")).not.toBeEmpty();
    return (await page.getByTestId("sign-in-error").innerText()).trim();
  };
  for (let i = 0; i < 6; i++) expect(await tryOnce()).toMatch(/do not match/);
  // The waits are 1 s, 2 s, 4 s … of real time, and a page load may take longer than the first ones.
  const later: string[] = [];
  while (later.length < 6 && !later.some((m) => m.startsWith("Too many"))) later.push(await tryOnce());
  expect(later.at(-1)).toMatch(/^Too many failed sign-ins\. Try again in \d+ seconds?\.$/);
});
