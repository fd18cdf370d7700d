import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against the built app (`next build` first), served by the same custom
// server as production, on its own port and its own embedded database folder.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
/** The hosted project's fake camera plays this file (tests/e2e/hosted-support.ts writes it). */
const HOSTED_CAMERA_FILE = path.join(os.tmpdir(), "verity-e2e-hosted-camera.mjpeg");
// Chromium opens the file when a page asks for the camera; it must exist when the browser starts.
if (!fs.existsSync(HOSTED_CAMERA_FILE)) fs.writeFileSync(HOSTED_CAMERA_FILE, Buffer.alloc(0));
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "data-e2e";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // One retry on CI absorbs a slow machine's timing; a test that needed it is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: { baseURL, trace: "retain-on-failure", screenshot: "only-on-failure" },
  projects: [
    { name: "smoke", testMatch: /smoke\.spec\.ts/, use: chromium },
    // The hosted flow with Chromium's fake camera playing the file the tests write (tests/support/liveness/README.md).
    {
      name: "hosted",
      testMatch: /hosted\.spec\.ts/,
      dependencies: ["console-setup"],
      use: {
        ...chromium,
        launchOptions: {
          ...chromium.launchOptions,
          args: [
            ...chromium.launchOptions.args,
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            `--use-file-for-fake-video-capture=${HOSTED_CAMERA_FILE}`,
          ],
        },
      },
    },
    // The sandbox contract over HTTP; no browser needed.
    { name: "api", testMatch: /api\/.*\.spec\.ts/ },
    // The customer's onboarding app (sign-up, address picker, return page, webhooks, applicants).
    { name: "onboarding", testMatch: /onboarding\/.*\.spec\.ts/, use: chromium },
    // The staff console: one sign-in (storageState), then a member's day in the console.
    { name: "console-setup", testMatch: /console\/.*\.setup\.ts/, use: chromium },
    { name: "console", testMatch: /console\/.*\.spec\.ts/, dependencies: ["console-setup"], use: chromium },
  ],
  webServer: {
    // A fresh folder each run: the e2e suite starts from the demo seed.
    command: `rm -rf ${E2E_DATA_DIR} && node_modules/.bin/tsx server.ts`,
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_BASE_URL: baseURL,
      NEXT_TELEMETRY_DISABLED: "1",
      WEBHOOK_ALLOW_LOOPBACK: "true",
    },
  },
});
