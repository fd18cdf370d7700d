import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { screenshotBothSizes, VIEWPORTS } from "../support";

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  dob: [day: string, month: string, year: string];
}

export function person(email: string): Person {
  return { firstName: "Ada", lastName: "Lovelace", email, dob: ["10", "12", "1985"] };
}

/** A unique address per run, so reruns against one data folder never collide. */
export function uniqueEmail(tag = ""): string {
  return `ada.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${tag}@example.com`;
}

/** axe-core at both sizes: no serious or critical violation on the page. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(results.passes.length, "axe ran its rules").toBeGreaterThan(10);
    const bad = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(bad, `${name} at ${label} size`).toEqual([]);
  }
}

/** Screenshots at phone and desktop size (no horizontal overflow), then axe. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await screenshotBothSizes(page, `onboarding-${name}`);
  await expectAccessible(page, name);
}

export async function fillDetails(page: Page, p: Person): Promise<void> {
  await page.getByLabel("First name").fill(p.firstName);
  await page.getByLabel("Last name").fill(p.lastName);
  await page.getByLabel("Email address").fill(p.email);
  await page.getByLabel("Day").fill(p.dob[0]);
  await page.getByLabel("Month").fill(p.dob[1]);
  await page.getByLabel("Year").fill(p.dob[2]);
}

export async function expectStep(page: Page, n: number, title: string): Promise<void> {
  await expect(page.getByTestId("step-counter")).toHaveText(`Step ${n} of 4`);
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

/** Picks an address with the mouse: postcode, search, open the list, click the option. */
export async function chooseAddress(page: Page, postcode: string, option: string): Promise<void> {
  await page.getByLabel("Postcode").fill(postcode);
  await page.getByRole("button", { name: "Find address" }).click();
  const combobox = page.getByRole("combobox", { name: "Select your address" });
  // The lookup goes through the service: allow for a busy machine.
  await expect(combobox).toBeFocused({ timeout: 15_000 });
  await combobox.click();
  await page.getByRole("option", { name: option }).click();
  await expect(page.getByTestId("chosen-address")).toContainText(option);
}

/** A JPEG made by the browser itself: `width`×`height` of noise compresses badly, so it is big. */
export async function makeJpeg(page: Page, width: number, height: number, quality = 0.9): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h, q]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d")!;
      const image = ctx.createImageData(w, h);
      for (let i = 0; i < image.data.length; i += 4) {
        image.data[i] = (i * 7) % 251;
        image.data[i + 1] = Math.random() * 255;
        image.data[i + 2] = (i / 4) % 255;
        image.data[i + 3] = 255;
      }
      ctx.putImageData(image, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", q));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = "";
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    [width, height, quality] as const,
  );
  return Buffer.from(base64, "base64");
}
