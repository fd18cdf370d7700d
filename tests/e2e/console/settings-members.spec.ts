import { expect, test, type Page } from "@playwright/test";
import { checkPage, OWNER_STATE } from "./helpers";

// Settings (risk thresholds, retention), members (role change, removal) and the mailbox, as the
// demo owner. Emails are unique per run: the console project shares one server and its data.
test.describe.configure({ mode: "serial" });

let page: Page;
const stamp = Date.now().toString(36);
const newcomer = `newcomer.${stamp}@example.com`;
let inviteLink = "";

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ storageState: OWNER_STATE })).newPage();
});

test.afterAll(async () => {
  // Back to the defaults and no retention, so nothing later in the run is deleted.
  await page.goto("/console/settings");
  await page.getByLabel("AML match threshold").fill("96");
  await page.getByLabel("Online footprint threshold").fill("50");
  await page.getByLabel("Data retention period").fill("");
  await page.getByRole("button", { name: "Save risk and retention" }).click();
  await expect(page.getByTestId("risk-settings-message")).toContainText("kept until deleted by hand");
  await page.context().close();
});

test("set the risk thresholds and the data retention period", async () => {
  await page.goto("/console/settings");
  await expect(page.getByLabel("AML match threshold")).toHaveValue("96");
  await expect(page.getByLabel("Online footprint threshold")).toHaveValue("50");
  await expect(page.getByLabel("Data retention period")).toHaveValue("");
  await page.getByLabel("AML match threshold").fill("90");
  await page.getByLabel("Online footprint threshold").fill("45");
  await page.getByLabel("Data retention period").fill("365");
  await page.getByRole("button", { name: "Save risk and retention" }).click();
  await expect(page.getByTestId("risk-settings-message")).toHaveText(
    /Risk and retention settings saved for (live|sandbox): records are deleted after 365 days\./,
  );
  await page.reload();
  await expect(page.getByLabel("AML match threshold")).toHaveValue("90");
  await expect(page.getByLabel("Online footprint threshold")).toHaveValue("45");
  await expect(page.getByLabel("Data retention period")).toHaveValue("365");
  await checkPage(page, "settings-risk");

  await page.goto("/console/audit");
  await expect(page.getByRole("cell", { name: "settings.risk_updated" }).first()).toBeVisible();
});

test("an invitation is emailed: read it in the mailbox", async () => {
  await page.goto("/console/members");
  await page.getByLabel("Email").fill(newcomer);
  await page.getByLabel("Role").selectOption("reviewer");
  await page.getByRole("button", { name: "Create invitation" }).click();
  inviteLink = (await page.getByTestId("secret-value").textContent())!;
  expect(inviteLink).toContain("/console/invite/");
  await expect(page.getByTestId("secret-reveal")).toContainText("It is also in the Mailbox");

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Mailbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
  const row = page.getByTestId("mailbox").getByRole("row").filter({ hasText: newcomer });
  await expect(row).toContainText("You are invited to join Demo on Verity");
  await expect(row.getByTestId("mail-status")).toHaveText("In mailbox");
  await checkPage(page, "mailbox");
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "You are invited to join Demo on Verity" })).toBeVisible();
  await expect(page.getByTestId("mail-text")).toContainText(inviteLink);
  await expect(page.getByTestId("mail-text")).toContainText("as reviewer");
  await checkPage(page, "mailbox-email");
});

test("the new member joins; the owner changes their role, then removes them and they lose access", async ({ browser }) => {
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(new URL(inviteLink).pathname);
  await member.getByLabel(/Choose a password/).fill("newcomer-password-123");
  await member.getByRole("button", { name: "Join the team" }).click();
  // bcrypt (cost 12) and the sign-in that follows take a few seconds on a busy two-core machine.
  await expect(member.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible({ timeout: 20_000 });

  await page.goto("/console/members");
  const row = page.getByTestId("members").getByRole("listitem").filter({ hasText: newcomer });
  await expect(row.getByTestId("member-role")).toHaveText("reviewer");
  await row.getByLabel(`Change ${newcomer} to`).selectOption("admin");
  await row.getByRole("button", { name: `Change ${newcomer}` }).click();
  await expect(row.getByTestId("member-message")).toHaveText("Now admin (was reviewer).");
  await expect(row.getByTestId("member-role")).toHaveText("admin");
  await expect(row.getByLabel(`Change ${newcomer} to`)).toHaveValue("admin");
  // The new role holds at the member's next request: an admin may manage settings.
  await member.goto("/console/settings");
  await expect(member.getByRole("button", { name: "Save risk and retention" })).toBeEnabled();
  await checkPage(page, "members-manage");

  await row.getByRole("button", { name: `Remove ${newcomer}` }).click();
  await expect(row).toContainText(`Remove ${newcomer} from the team?`);
  await checkPage(page, "members-remove-confirm");
  await row.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByTestId("members").getByRole("listitem").filter({ hasText: newcomer })).toHaveCount(0);

  // Their session still exists, but the membership is gone: the console sends them to sign in.
  await member.goto("/console/cases");
  await expect(member).toHaveURL(/\/console\/sign-in$/);
  await page.goto("/console/audit");
  await expect(page.getByRole("cell", { name: "member.removed" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "member.role_changed" }).first()).toBeVisible();
  await context.close();
});
