import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { writeMjpeg } from "../support/liveness/write-video";
import { CAMERA_FILE, checkHostedPage, consentAndClaim, createLiveCase, prepareCameraFile, type Applicant } from "./hosted-support";
import { VIEWPORTS } from "./support";

// Issue 33: a real phone photo of a passport lying on a desk, shown to the hosted flow's document
// camera (Chromium's fake camera plays it), is taken by auto-capture and read by the server: the
// photo ID step is passed. The photo is a printed Canadian specimen on a desk
// (../shared/real-data/documents-2, python-mrz-scanner-sdk's examples/enhanced/passport.jpg; truth
// read by eye in tests/fixtures/real-documents/truth-2.json), never copied into the project.

test.describe.configure({ mode: "serial" });
test.use({ viewport: VIEWPORTS.phone, permissions: ["camera"] });
test.beforeAll(() => prepareCameraFile());

const PHOTO = path.resolve("../shared/real-data/documents-2/python-mrz-scanner-sdk__enh_passport.jpg");
/** The same passport on the same desk, the phone turned about 20°. */
const TURNED = path.resolve("../shared/real-data/documents-2/python-mrz-scanner-sdk__enh_rotated-passport.jpg");

/** The claim a person holding this passport types in: the specimen's name and birth date (07 DEC 84, as printed). */
const holder: Applicant = {
  claim: {
    firstName: "Rita",
    lastName: "Aman",
    day: "7",
    month: "12",
    year: "1984",
    house: "24",
    street: "Queen Street",
    city: "London",
    postcode: "SW1A 2AA",
  },
  passportFile: PHOTO,
  billFile: "",
  statementFile: "",
  faceIndex: 0,
  mrzSurname: "AMAN",
};

async function showOnCamera(file: string): Promise<void> {
  // The camera shows the photo as the phone took it, 30 identical frames (a steady hand).
  const frame = await sharp(fs.readFileSync(file)).jpeg({ quality: 92 }).toBuffer();
  await writeMjpeg(
    CAMERA_FILE,
    Array.from({ length: 30 }, () => frame),
  );
}

test("a real phone photo of a passport on a desk: taken by the document camera by itself, read, and the photo ID step passed", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`page: ${String(e)}`));
  await showOnCamera(PHOTO);

  const created = await createLiveCase(page.request, "real-desk-photo@example.com", `${test.info().project.use.baseURL}/api/v1/health`);
  await page.goto(created.path);
  await consentAndClaim(page, holder);
  await page.getByRole("radio", { name: /Passport/ }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  // Auto-capture: no button is pressed; the review shows the photo taken.
  await expect(page.getByRole("heading", { name: "Check your photo" })).toBeVisible({ timeout: 90_000 });
  await checkHostedPage(page, "real-desk-photo-review");
  const send = page.getByRole("button", { name: "Send", exact: true });
  await expect(send, "the browser's own quality check keeps this photo").toBeVisible();
  await send.click();

  // Read with certainty by the server: the flow moves on to the selfie, no retake message.
  await expect(page.locator("#selfie-step-title")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole("alert").filter({ hasText: /could not read|another photo/i })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the same passport with the phone turned about 20°: taken (by the shutter if the camera waits), read, and the step passed", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`page: ${String(e)}`));
  await showOnCamera(TURNED);
  const created = await createLiveCase(page.request, "real-desk-turned@example.com", `${test.info().project.use.baseURL}/api/v1/health`);
  await page.goto(created.path);
  await consentAndClaim(page, holder);
  await page.getByRole("radio", { name: /Passport/ }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  // The live view may hold back on a page at an angle; a person then presses the shutter.
  const review = page.getByRole("heading", { name: "Check your photo" });
  const shutter = page.getByRole("button", { name: /^Take photo/ });
  await expect(review.or(shutter)).toBeVisible({ timeout: 60_000 });
  await page.waitForTimeout(8000);
  // Pressed only while it can be: the shutter is disabled while the live view is taking the photo
  // itself, and a press that loses that race (the review replaced the button) is not a failure:
  // the review is what the person then sees, and what is checked.
  if (!(await review.isVisible()) && (await shutter.isEnabled())) await shutter.click({ timeout: 10_000 }).catch(() => undefined);
  await expect(review).toBeVisible({ timeout: 60_000 });
  await checkHostedPage(page, "real-desk-turned-review");
  const send = page.getByRole("button", { name: "Send", exact: true });
  await expect(send, "the browser's own quality check keeps this photo").toBeVisible();
  await send.click();
  await expect(page.locator("#selfie-step-title")).toBeVisible({ timeout: 120_000 });
  expect(errors).toEqual([]);
});
