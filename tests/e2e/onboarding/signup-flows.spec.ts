import { expect, test, type Page } from "@playwright/test";
import { demoCredentials, screenshotBothSizes } from "../support";
import { checkPage, chooseAddress, expectStep, fillDetails, makeJpeg, person, uniqueEmail } from "./helpers";

// The onboarding app against the built app, which by default calls this same server's API with
// the demo team's sandbox credentials and receives its webhooks (the demo seed points them here).

test.describe.configure({ mode: "serial" });

async function continueTo(page: Page, n: number, title: string) {
  await page.getByRole("button", { name: "Continue" }).click();
  await expectStep(page, n, title);
}

test("CLEAR: a plain email ends on the welcome page (every step screenshotted, axe clean)", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail();
  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1, name: "Open your account" })).toBeVisible();
  await expectStep(page, 1, "Your details");
  await checkPage(page, "1-details");

  // Nothing filled in: every field says what it needs, and focus goes to the first one.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Enter your first name")).toBeVisible();
  await expect(page.getByText("Enter your date of birth")).toBeVisible();
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await checkPage(page, "1-details-errors");

  await fillDetails(page, person(email));
  await continueTo(page, 2, "Your address");
  await expect(page.getByRole("heading", { level: 2, name: "Your address" })).toBeFocused();
  await checkPage(page, "2-address");
  await chooseAddress(page, "sw1a 2aa", "10 Downing Street, London, SW1A 2AA");
  await checkPage(page, "2-address-chosen");

  await continueTo(page, 3, "Add a selfie");
  // A 3 MB phone-sized photo: accepted, and made small in the browser before it is sent.
  const photo = await makeJpeg(page, 1800, 2400);
  expect(photo.length).toBeGreaterThan(1_000_000);
  await page.getByLabel(/^Selfie/).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
  // Decoding and re-encoding a 4 MP photo takes a moment on a busy machine.
  await expect(page.getByTestId("selfie-preview")).toContainText("Photo added", { timeout: 20_000 });
  const kb = Number((await page.getByTestId("selfie-preview").textContent())!.match(/(\d+) KB/)![1]);
  expect(kb).toBeLessThan(1000);
  await checkPage(page, "3-selfie");

  await continueTo(page, 4, "Check your answers");
  const answers = page.getByRole("definition");
  await expect(answers.filter({ hasText: email })).toBeVisible();
  await expect(answers.filter({ hasText: "10 December 1985" })).toBeVisible();
  await expect(answers.filter({ hasText: "Downing Street" })).toBeVisible();
  await expect(answers.filter({ hasText: "Added" })).toBeVisible();
  await checkPage(page, "4-review");

  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(/\/signup\/welcome\/app_[\w-]+$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeVisible();
  await expect(page.getByTestId("welcome-text")).toHaveText("Your account is open and ready to use.");
  await checkPage(page, "welcome");
});

test("REVIEW: sandbox hosted page → Verified → the return page says verified, and the applicant shows the webhooks", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("+review");
  await page.goto("/signup");
  await fillDetails(page, person(email));
  await continueTo(page, 2, "Your address");
  await chooseAddress(page, "NW1 6XE", "221B Baker Street, London, NW1 6XE");
  await continueTo(page, 3, "Add a selfie");
  await continueTo(page, 4, "Check your answers");
  await page.getByRole("button", { name: "Create my account" }).click();

  // The service's sandbox hosted page (served by the service, not by the onboarding app).
  await page.waitForURL(/\/verify\/[\w-]{32}$/);
  await expect(page.getByRole("heading", { name: "Sandbox: choose the outcome" })).toBeVisible();
  await screenshotBothSizes(page, "onboarding-hosted-sandbox");

  // The return page, opened while the case is still in progress, keeps polling by itself.
  const [applicantId] = await findApplicantIds(page, email);
  const waiting = await context.newPage();
  await waiting.goto(`/signup/return/${applicantId}`);
  await expect(waiting.getByTestId("verification-outcome")).toHaveAttribute("data-status", "InProgress");
  await expect(waiting.getByText("Your identity check isn't finished yet")).toBeVisible();
  await checkPage(waiting, "return-in-progress");

  await page.getByRole("button", { name: "Verified" }).click();
  await page.waitForURL(new RegExp(`/signup/return/${applicantId}$`));
  await expect(page.getByTestId("verification-outcome")).toHaveAttribute("data-status", "Verified");
  await expect(page.getByText("You're verified")).toBeVisible();
  await checkPage(page, "return-verified");
  // …and the page that was already open got there without a reload.
  await expect(waiting.getByTestId("verification-outcome")).toHaveAttribute("data-status", "Verified", { timeout: 15_000 });
  await waiting.close();

  await page.getByRole("link", { name: "Continue to your account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeVisible();

  // The customer's staff see the applicant, the risk result and the webhooks received.
  await signInAsStaff(page, `/applicants/${applicantId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByText("REVIEW ·").first()).toBeVisible();
  await expect(page.getByTestId("verification-status")).toHaveText("Verified");
  // Webhooks are delivered asynchronously (outbox → queue → POST): allow them time.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("event-name")).toHaveText(["Created", "UserCompleted", "Verified"], { timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
  await expect(page.getByTestId("applicant-state")).toHaveText("Verified, account created");
  await checkPage(page, "applicant-detail");

  await page.getByRole("link", { name: "← All applicants" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Applicants" })).toBeVisible();
  await expect(page.getByTestId("applicant-row").filter({ hasText: email })).toContainText("3 events");
  await checkPage(page, "applicants");
});

test("REJECT: ends on the polite refusal page", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/signup");
  await fillDetails(page, person(uniqueEmail("+reject")));
  await continueTo(page, 2, "Your address");
  await chooseAddress(page, "AB11 6BH", "101 Union Street, Aberdeen, AB11 6BH");
  await continueTo(page, 3, "Add a selfie");
  await continueTo(page, 4, "Check your answers");
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(/\/signup\/refused\/app_[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "We’re sorry, we can’t open an account for you" })).toBeVisible();
  await expect(page.getByTestId("refusal-text")).toContainText("We aren’t able to offer you an account at the moment.");
  await checkPage(page, "refused");
});

test("an unknown postcode says so clearly, and the address can be entered by hand", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/signup");
  await fillDetails(page, person(uniqueEmail()));
  await continueTo(page, 2, "Your address");

  // Continue without an address: told what to do.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Find your address with your postcode, or enter it manually")).toBeVisible();

  await page.getByLabel("Postcode").fill("ZZ1 1ZZ");
  await page.getByRole("button", { name: "Find address" }).click();
  await expect(
    page.getByText("We couldn't find any addresses for ZZ1 1ZZ. Check the postcode, or enter your address manually."),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await checkPage(page, "2-address-unknown");

  await page.getByRole("button", { name: "Enter the address manually" }).click();
  await expect(page.getByLabel("House number or name")).toBeFocused();
  await expect(page.getByLabel("Postcode")).toHaveValue("ZZ1 1ZZ"); // carried over
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Enter your house number or name")).toBeVisible();
  await expect(page.getByText("Enter your street")).toBeVisible();
  await page.getByLabel("House number or name").fill("Flat 2, Rose Court");
  await page.getByLabel("Street").fill("High Street");
  await page.getByLabel("Town or city").fill("Bath");
  await page.getByLabel("Postcode").fill("ba1 1aa");
  await checkPage(page, "2-address-manual");
  await continueTo(page, 3, "Add a selfie");

  // The browser refuses what the server would: not a JPEG or PNG, or over 10 MB.
  const selfie = page.getByLabel(/^Selfie/);
  await selfie.setInputFiles({ name: "me.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(page.getByText("The selfie must be a JPEG or PNG photo")).toBeVisible();
  const big = Buffer.alloc(10 * 1024 * 1024 + 1);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  await selfie.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: big });
  await expect(page.getByText("The selfie must be smaller than 10 MB")).toBeVisible();
  await checkPage(page, "3-selfie-error");
  await selfie.setInputFiles([]);

  await continueTo(page, 4, "Check your answers");
  const address = page.getByRole("definition").filter({ hasText: "High Street" });
  await expect(address).toContainText("Flat 2, Rose Court");
  await expect(address).toContainText("BA1 1AA");
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(/\/signup\/welcome\//);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeVisible();
});

test("the address picker works with the keyboard alone", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/signup");
  await page.getByLabel("First name").focus();
  const p = person(uniqueEmail());
  for (const value of [p.firstName, p.lastName, p.email, ...p.dob]) {
    await page.keyboard.type(value);
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter"); // Continue
  await expectStep(page, 2, "Your address");

  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Postcode")).toBeFocused();
  await page.keyboard.type("nw1 6xe");
  await page.keyboard.press("Enter"); // searches, does not submit the step
  const combobox = page.getByRole("combobox", { name: "Select your address" });
  await expect(combobox).toBeFocused({ timeout: 15_000 });
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await expectStep(page, 2, "Your address");
  // A keyboard and a mouse: the hint speaks of the arrow keys, not of tapping.
  await expect(combobox).toHaveAccessibleDescription(/use the up and down arrow keys and Enter to choose/);
  await expect(combobox).not.toHaveAccessibleDescription(/tap/);

  const listbox = page.getByRole("listbox", { name: "Addresses" });
  const active = async () => page.locator(`#${await combobox.getAttribute("aria-activedescendant")}`);
  await page.keyboard.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await expect(listbox.getByRole("option")).toHaveCount(12);
  await expect(await active()).toHaveText(/213 Baker Street/);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(await active()).toHaveText(/217 Baker Street/);
  await page.keyboard.press("ArrowUp");
  await expect(await active()).toHaveText(/215 Baker Street/);
  await screenshotBothSizes(page, "onboarding-2-address-keyboard");

  await page.keyboard.press("Escape");
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await expect(listbox).toBeHidden();

  // Typing filters; Up from the top wraps to the last match.
  await page.keyboard.type("221");
  await expect(listbox.getByRole("option")).toHaveText([/221 Baker/, /221A Baker/, /221B Baker/]);
  await page.keyboard.press("ArrowUp");
  await expect(await active()).toHaveText(/221B Baker Street/);
  await page.keyboard.press("Enter");
  await expect(combobox).toHaveValue("221B Baker Street, London, NW1 6XE");
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("chosen-address")).toContainText("221B Baker Street");
  await expectStep(page, 2, "Your address"); // Enter chose; it did not submit

  await page.keyboard.press("Enter"); // list closed: Enter continues
  await expectStep(page, 3, "Add a selfie");
  // From the step's heading, Tab through the (empty) selfie step to Continue.
  for (let i = 0; i < 6 && (await page.evaluate(() => document.activeElement?.textContent)) !== "Continue"; i++)
    await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Continue" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectStep(page, 4, "Check your answers");
  await expect(page.getByRole("definition").filter({ hasText: "221B Baker Street" })).toBeVisible();
});

/** Applicant ids for an email, read from the staff list (signing in first if needed). */
async function findApplicantIds(page: Page, email: string): Promise<string[]> {
  const staff = await page.context().newPage();
  await signInAsStaff(staff, "/applicants");
  const hrefs = await staff
    .getByTestId("applicant-row")
    .filter({ hasText: email })
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  await staff.close();
  return hrefs.map((h) => h.split("/").pop()!);
}

async function signInAsStaff(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if (!page.url().includes("/applicants/sign-in")) return;
  await expect(page.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
  await page.getByLabel("Staff password").fill(demoCredentials().staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === path);
}

test("on a touch phone the address picker speaks of tapping, taps choose, and the chosen address shows in full; a word is not a postcode", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto("/signup");
  await fillDetails(page, person(uniqueEmail()));
  await page.getByRole("button", { name: "Continue" }).tap();
  await expectStep(page, 2, "Your address");

  // "hello" cannot be a UK postcode: called invalid at once, never looked up as "HE LLO".
  await page.getByLabel("Postcode").fill("hello");
  await page.getByRole("button", { name: "Find address" }).tap();
  await expect(page.getByText("Enter a real UK postcode, like SW1A 2AA")).toBeVisible();
  await expect(page.getByText(/HE LLO/)).toHaveCount(0);
  await expect(page.getByRole("combobox")).toHaveCount(0);

  await page.getByLabel("Postcode").fill("nw1 6xe");
  await page.getByRole("button", { name: "Find address" }).tap();
  const combobox = page.getByRole("combobox", { name: "Select your address" });
  await expect(combobox).toBeVisible({ timeout: 15_000 });
  await expect(combobox).toHaveAccessibleDescription(/tap your address/);
  await expect(combobox).not.toHaveAccessibleDescription(/arrow keys/);
  await combobox.tap();
  await page.getByRole("option", { name: "221B Baker Street" }).tap();
  // The box is narrower than the address: the whole of it is shown under the box.
  const chosen = page.getByTestId("chosen-address");
  await expect(chosen).toContainText("221B Baker Street, London, NW1 6XE");
  const box = await chosen.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  // The viewport, not fullPage: a full-page capture re-lays the page out without the touch emulation.
  await page.getByText("12 addresses found.").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/onboarding-2-address-touch-phone.png" });
  await context.close();
});
