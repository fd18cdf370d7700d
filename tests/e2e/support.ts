import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const SHOTS = path.resolve("test-results/screenshots");

/** Full-page screenshot at both sizes, and no horizontal overflow at either. */
export async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    // Not "networkidle": Next keeps prefetching links in view, so the network never idles.
    await page.waitForLoadState("load");
    await page.evaluate(() => document.fonts.ready);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} overflows horizontally at ${label} width`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
}

type Credentials = { client_id: string; client_secret: string };
export interface DemoCredentials {
  staff: { email: string; password: string };
  live: Credentials;
  sandbox: Credentials;
}

/** The demo seed of the e2e server's own data folder (E2E_DATA_DIR, default data-e2e). */
export function demoCredentials(): DemoCredentials {
  return JSON.parse(
    fs.readFileSync(path.resolve(process.env.E2E_DATA_DIR ?? "data-e2e", "demo-credentials.json"), "utf8"),
  ) as DemoCredentials;
}
