import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { ChallengeStep } from "@/lib/server/liveness/challenge";
import { billPdf, randomBill } from "../support/documents/bills";
import { generateIdDocument } from "../support/documents/id-document";
import { phoneCapture } from "../support/documents/phone-capture";
import { writeChallengeVideo } from "../support/liveness/video-for-challenge";
import { writeMjpeg } from "../support/liveness/write-video";
import { demoCredentials, screenshotBothSizes } from "./support";

/** The fake camera's file (Chromium reads it each time a page opens the camera). */
export const CAMERA_FILE = path.join(os.tmpdir(), "verity-e2e-hosted-camera.mjpeg");
const FILES = path.join(os.tmpdir(), "verity-e2e-hosted-files");

export interface Applicant {
  claim: {
    firstName: string;
    lastName: string;
    day: string;
    month: string;
    year: string;
    house: string;
    street: string;
    city: string;
    postcode: string;
  };
  /** A phone photo of their passport (JPEG file), with sample face `faceIndex`. */
  passportFile: string;
  /** Their recent utility bill (text PDF). */
  billFile: string;
  /** A second document of theirs from another sender: a bank statement (text PDF). */
  statementFile: string;
  faceIndex: number;
  /** The surname as the passport's MRZ prints it (generator truth). */
  mrzSurname: string;
}

/** A person from the document generator: passport and bill share their name, birth date and address. */
export async function makeApplicant(name: string, faceIndex = 13): Promise<Applicant> {
  fs.mkdirSync(FILES, { recursive: true });
  // A retried test gets another person: the first try's case already holds this one's passport,
  // and the risk engine rightly raises a document seen on another case.
  const retry = test.info().retry;
  const seed = retry ? `${name}-retry${retry}` : name;
  const bill = randomBill(`e2e:${seed}`, { kind: "utility_bill" });
  const person = bill.truth.person;
  const passport = await generateIdDocument({
    seed: `e2e:${seed}`,
    kind: "passport",
    person: { ...person, issuingState: "GBR", nationality: "GBR" },
    faceIndex,
  });
  const capture = await phoneCapture(passport.image, { level: "phone", seed: `e2e:${seed}`, pxPerMm: passport.truth.pxPerMm });
  const passportFile = path.join(FILES, `${seed}-passport.jpg`);
  const billFile = path.join(FILES, `${seed}-bill.pdf`);
  fs.writeFileSync(passportFile, capture.image);
  fs.writeFileSync(billFile, billPdf(bill));
  const statementFile = path.join(FILES, `${seed}-statement.pdf`);
  fs.writeFileSync(statementFile, billPdf(randomBill(`e2e:${seed}:statement`, { kind: "bank_statement", person })));
  const [year, month, day] = person.dateOfBirth.split("-");
  const line1 = bill.truth.address.line1;
  const number = /^(\d+[A-Z]?)\s+(.*)$/i.exec(line1.replace(/^Flat \d+,\s*/i, ""));
  return {
    claim: {
      firstName: person.givenNames.split(" ")[0]!,
      lastName: person.surname,
      day: String(Number(day)),
      month: String(Number(month)),
      year: year!,
      house: number ? number[1]! : line1,
      street: number ? number[2]! : line1,
      city: bill.truth.address.town,
      postcode: bill.truth.address.postcode,
    },
    passportFile,
    billFile,
    statementFile,
    faceIndex,
    mrzSurname: passport.truth.mrz.surname,
  };
}

/** A live case through the API, as the team's backend makes it. */
export async function createLiveCase(
  request: APIRequestContext,
  email: string,
  redirectUrl = "https://shop.example.com/verified",
  workflowId = "sandbox-flow",
): Promise<{ id: string; path: string }> {
  const token = (await (await request.post("/api/v2/authenticate", { data: demoCredentials().live })).json()).access_token as string;
  const created = await request.post("/api/v1/verifications", {
    headers: { authorization: `Bearer ${token}` },
    data: { email, workflow_id: workflowId, redirect_url: redirectUrl },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { id: string; url: string };
  return { id: body.id, path: new URL(body.url).pathname };
}

export async function readCase(
  request: APIRequestContext,
  id: string,
): Promise<{ status: string; checks: Record<string, unknown>[]; enrichments: Record<string, unknown>[] }> {
  // Reading is idempotent: a connection reset once (seen once in CI after minutes of browser work
  // on a kept-alive socket) is retried on a fresh request, as the team's backend would.
  for (let attempt = 1; ; attempt++) {
    try {
      const token = (await (await request.post("/api/v2/authenticate", { data: demoCredentials().live })).json()).access_token as string;
      return await (await request.get(`/api/v1/verifications/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
    } catch (error) {
      if (attempt >= 2 || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    }
  }
}

/** No serious or critical axe violation on the hosted page as it is now; screenshots at both sizes. */
export async function checkHostedPage(page: Page, name: string): Promise<void> {
  // Next streams the page's metadata: wait for the title before axe looks for it.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `axe on ${name}`,
  ).toEqual([]);
  const size = page.viewportSize();
  await screenshotBothSizes(page, `hosted-${name}`);
  if (size) await page.setViewportSize(size);
}

/** Consent, then the claim typed in by hand (live cases have no imported addresses here). */
export async function consentAndClaim(
  page: Page,
  applicant: Applicant,
  overrides: Partial<Applicant["claim"]> = {},
  options: { expectStep?: "photo_id" | "address" | "vouch"; alreadyConsented?: boolean } = {},
): Promise<void> {
  const claim = { ...applicant.claim, ...overrides };
  if (!options.alreadyConsented) {
    await expect(page.getByRole("heading", { name: "Before you start" })).toBeVisible();
    await checkHostedPage(page, "consent");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Start" }).click();
  }
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await page.getByLabel("First name").fill(claim.firstName);
  await page.getByLabel("Last name").fill(claim.lastName);
  await page.getByLabel("Day").fill(claim.day);
  await page.getByLabel("Month").fill(claim.month);
  await page.getByLabel("Year").fill(claim.year);
  await page.getByRole("button", { name: "Enter the address manually" }).click();
  await page.getByLabel(/^House (number or name|name or number)$/).fill(claim.house);
  await page.getByLabel("Street").fill(claim.street);
  await page.getByLabel("Town or city").fill(claim.city);
  await page.getByLabel("Postcode").fill(claim.postcode);
  await checkHostedPage(page, "claim");
  await page.getByRole("button", { name: "Confirm my details" }).click();
  if (options.expectStep === "address") await expect(page.getByRole("heading", { name: "Proof of address" })).toBeVisible();
  else if (options.expectStep === "vouch") await expect(page.getByRole("heading", { name: "Name a referee" })).toBeVisible();
  else await expect(page.getByRole("group", { name: "Which document will you use?" })).toBeVisible();
}

/**
 * The photo is decoded, scaled, encoded and measured in the page (~0.2 s alone); with the server
 * reading documents and judging selfies on the same two cores it took 7 s in a full run.
 */
export const REVIEW_TIMEOUT_MS = 30_000;

/** The photo ID step by file upload (the camera's "Upload a photo instead"), the review, then Send. */
export async function uploadPassport(page: Page, file: string): Promise<void> {
  await showEmptyTable();
  await page.getByRole("radio", { name: /Passport/ }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await checkHostedPage(page, "photo-id-camera");
  for (let round = 0; round < 3; round++) {
    await page.locator('input[type="file"]').first().setInputFiles(file);
    if (await sendReviewedPhoto(page)) return;
  }
  throw new Error("the photo was refused in the browser three times");
}

/**
 * A passport's one photo is reviewed once ("Check your photo", with Send under it): send it, or,
 * when the browser's quality check asks for it again, press "Retake the page" and say so (false).
 */
export async function sendReviewedPhoto(page: Page): Promise<boolean> {
  await expect(page.getByRole("heading", { name: "Check your photo" })).toBeVisible({ timeout: REVIEW_TIMEOUT_MS });
  // One review per capture: no second "Your photos" screen for a one-sided document.
  await expect(page.getByRole("heading", { name: "Your photos" })).toHaveCount(0);
  const send = page.getByRole("button", { name: "Send", exact: true });
  if (await send.isVisible()) {
    await send.click();
    return true;
  }
  await page.getByRole("button", { name: "Retake the page" }).click();
  return false;
}

/** Records when the page's camera opened, so a test can start the challenge in step with the fake camera's file. */
export async function watchCameraOpening(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) return;
    const open = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      (window as unknown as { __cameraOpenedAt: number }).__cameraOpenedAt = performance.now();
      return stream;
    };
  });
}

/**
 * The neutral head shown before the challenge: the page loads its face detector and must see one
 * face in the oval before Start is enabled (a second or more of CPU per check on this machine).
 */
const START_DELAY_MS = 12_000;

/**
 * One selfie attempt: the server's challenge is read from the page, the fake camera's file is
 * rendered for it (sample face `faceIndex` turning, blinking, smiling), the page is left and opened
 * again so the camera reads the new file, Start is enabled once the page sees the face in the oval, and it is
 * pressed START_DELAY_MS after the camera opened.
 */
export async function recordSelfie(page: Page, faceIndex: number): Promise<ChallengeStep[]> {
  const section = page.locator("[data-challenge]");
  await expect(section).toBeVisible();
  const challenge = (await section.getAttribute("data-challenge"))!.split(",") as ChallengeStep[];
  // The page leaves first, so its camera is closed before the new file is written and the page
  // opens it again (a reload can open the new stream before the old one is let go, and the fake
  // camera then goes on with the old file: a still face, seen in full runs).
  const url = page.url();
  await page.goto("about:blank");
  await writeChallengeVideo(CAMERA_FILE, challenge, faceIndex, { startDelayMs: START_DELAY_MS, tailMs: 3000 });
  await page.goto(url);
  const start = page.getByRole("button", { name: "Start", exact: true });
  await expect(start).toBeEnabled({ timeout: START_DELAY_MS - 500 });
  const opened = await page.evaluate(() => (window as unknown as { __cameraOpenedAt?: number }).__cameraOpenedAt ?? null);
  expect(opened, "the page opened the camera").not.toBeNull();
  const wait = await page.evaluate(([at, delay]) => at + delay - 60 - performance.now(), [opened!, START_DELAY_MS] as const);
  expect(wait, "Start was enabled before the recorded challenge begins").toBeGreaterThan(-200);
  if (wait > 0) await page.waitForTimeout(wait);
  await start.click();
  return challenge;
}

/**
 * The selfie step until `next` shows: a retake for a challenge not followed is done again, as the
 * person would (the step allows 5 attempts). Chromium's fake camera plays its file on its own
 * clock, and on busy cores it can slip out of step with the challenge: measured in full runs, a
 * still face or a turn missed now and then, never the judge refusing a followed challenge. Any
 * other refusal (a face that does not match) is not retried. Returns the attempts taken.
 */
export async function passSelfie(page: Page, faceIndex: number, next: Locator, tries = 3): Promise<number> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    await recordSelfie(page, faceIndex);
    const retake = page.getByRole("alert").filter({ hasText: "attempt" });
    await expect(next.or(retake)).toBeVisible({ timeout: 90_000 });
    if (await next.isVisible()) return attempt;
    await expect(retake).toContainText(/follow the instructions/);
  }
  throw new Error(`the selfie step was not passed in ${tries} attempts`);
}

/**
 * The fake camera looks at an empty table (a smooth gradient: a real, lit picture with no document
 * in it), so the document camera never takes a photo by itself while a test uploads a file.
 */
export async function showEmptyTable(): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6b5a48"/><stop offset="1" stop-color="#3b3026"/></linearGradient></defs><rect width="480" height="640" fill="url(#g)"/></svg>`;
  const frame = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  await writeMjpeg(
    CAMERA_FILE,
    Array.from({ length: 30 }, () => frame),
  );
}

/** Makes sure the camera file exists before Chromium starts (it may only be written later). */
export function prepareCameraFile(): void {
  if (!fs.existsSync(CAMERA_FILE)) fs.writeFileSync(CAMERA_FILE, Buffer.alloc(0));
}
