import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { demoCredentials, screenshotBothSizes, VIEWPORTS } from "../support";

export const OWNER_STATE = "tests/e2e/.auth/console-owner.json";

/** No serious or critical axe violation, then screenshots at 1280×800 and 390×844 (back to desktop after). */
export async function checkPage(page: Page, name: string): Promise<void> {
  // Next streams a page's metadata: after a server action's refresh the <title> can land a moment later.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `axe on ${name}`,
  ).toEqual([]);
  await screenshotBothSizes(page, `console-${name}`);
  await page.setViewportSize(VIEWPORTS.desktop);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/console/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

export async function useMode(page: Page, mode: "Live" | "Sandbox"): Promise<void> {
  const toggle = page.getByRole("form", { name: "Data mode" }).getByRole("button", { name: mode });
  if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
}

export async function sandboxToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/v2/authenticate", { data: demoCredentials().sandbox });
  expect(res.ok()).toBe(true);
  return (await res.json()).access_token;
}

/** A stored sandbox case moved to Refused (needs review) through its hosted page, as a tester would. */
export async function sandboxCaseNeedingReview(page: Page, request: APIRequestContext, email: string): Promise<string> {
  const token = await sandboxToken(request);
  const created = await request.post("/api/v1/verifications", {
    headers: { authorization: `Bearer ${token}` },
    data: { email, workflow_id: "sandbox-flow" },
  });
  expect(created.status()).toBe(201);
  const { url, id } = await created.json();
  await page.goto(new URL(url).pathname);
  await page.getByRole("button", { name: "Needs review" }).click();
  // The page then goes to the case's redirect URL; the API says when the case is Refused.
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/v2/verifications/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).status,
      { timeout: 10_000 },
    )
    .toBe("Refused");
  return id;
}

/** A sandbox risk assessment, so the risk pages have something to show. */
export async function sandboxRiskAssessment(request: APIRequestContext, email: string): Promise<string> {
  const token = await sandboxToken(request);
  const res = await request.post("/api/v2/risk", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { first_name: "Jane", last_name: "Doe", email, date_of_birth: "1990-01-31", enrichments: '["ONLINE_FOOTPRINT","AML"]' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}
