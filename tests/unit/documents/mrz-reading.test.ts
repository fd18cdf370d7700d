import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeGray } from "@/lib/server/documents/image/decode-gray";
import { rotate180 } from "@/lib/server/documents/image/rotate-180";
import { locateMrz, mrzBlobs } from "@/lib/server/documents/mrz/locate-mrz";
import { turnBlobs } from "@/lib/server/documents/mrz/locate/components";
import { judgeOrientation, turnLine } from "@/lib/server/documents/mrz/orientation";
import { readMrz } from "@/lib/server/documents/mrz/read-mrz";
import { readMrzTemplate } from "@/lib/server/documents/mrz/template-reader";
import { MRZ_LINE_CAP_HEIGHT } from "@/lib/server/documents/types";
import { documentSet, type DocumentSample } from "../../support/documents/fixtures";

// The locator and the template reader on generated documents whose MRZ text is known
// (tests/support/documents: the generator's own composition, checked by the mrz package).

let clean: DocumentSample[];
let phone: DocumentSample[];
// Made once and cached on disk (node_modules/.cache): the first run draws them.
beforeAll(async () => {
  clean = await documentSet({ variant: "clean", count: 8, seed: "unit-mrz" });
  phone = await documentSet({ variant: "phone", count: 10, seed: "unit-mrz" });
}, 180_000);

describe("locateMrz + readMrzTemplate", () => {
  it("reads clean pages exactly, in every format", async () => {
    const samples = clean;
    expect(new Set(samples.map((s) => s.truth.format)).size).toBeGreaterThan(1);
    for (const sample of samples) {
      const located = locateMrz(await decodeGray(sample.mrzImage));
      if (!located.found) throw new Error(`${sample.id}: ${located.reason}`);
      expect(located.mrz.format).toBe(sample.truth.format);
      for (const line of located.mrz.lines) {
        expect(line.height).toBe(MRZ_LINE_CAP_HEIGHT * 2);
        expect(line.chars).toBe(sample.truth.mrzLines[0]!.length);
      }
      expect(readMrzTemplate(located.mrz.lines, located.mrz.format).lines).toEqual(sample.truth.mrzLines);
    }
  }, 120_000);

  it("finds the zone in phone-like photos and reads most of them exactly", async () => {
    const samples = phone;
    let exact = 0;
    for (const sample of samples) {
      const located = locateMrz(await decodeGray(sample.mrzImage));
      expect(located.found, sample.id).toBe(true);
      if (located.found && readMrzTemplate(located.mrz.lines, located.mrz.format).lines.join() === sample.truth.mrzLines.join()) exact++;
    }
    // Measured 26 of 30 on this generator (commit 84041db); a floor, not the figure.
    expect(exact).toBeGreaterThanOrEqual(7);
  }, 120_000);

  it("turns a page's blobs exactly as finding them on the turned page would", async () => {
    // read-mrz.ts reads an upside-down band from the turned blobs instead of thresholding again.
    for (const sample of [clean[1]!, phone[0]!, phone[1]!]) {
      const gray = await decodeGray(sample.mrzImage);
      const turned = rotate180(gray);
      expect(turnBlobs(mrzBlobs(gray), gray.width, gray.height)).toEqual(mrzBlobs(turned));
      expect(locateMrz(turned, undefined, turnBlobs(mrzBlobs(gray), gray.width, gray.height))).toEqual(locateMrz(turned));
    }
  }, 60_000);

  it("reads an upside-down page once it is turned, and says when there is no MRZ", async () => {
    const gray = await decodeGray(clean[0]!.mrzImage);
    const turned = locateMrz(rotate180(rotate180(gray)));
    expect(turned.found).toBe(true);
    const noise = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#8a7" } })
      .composite([{ input: Buffer.from('<svg width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#333"/></svg>') }])
      .jpeg()
      .toBuffer();
    expect(locateMrz(await decodeGray(noise))).toEqual({ found: false, reason: "no_mrz" });
  });

  it("tells which way up a band is before reading it, and reads an upside-down photo once, turned", async () => {
    // The generator's truth says which photos it turned half a turn (phone-capture.ts: upsideDown).
    const hard = await documentSet({ variant: "hard", count: 24, seed: "unit-orientation" });
    const turnedOver = hard.filter((s) => s.mrzCapture.upsideDown);
    expect(turnedOver.length).toBeGreaterThan(2);
    for (const sample of [...clean, ...phone, ...hard]) {
      const located = locateMrz(await decodeGray(sample.mrzImage));
      if (!located.found) continue;
      const judged = judgeOrientation(located.mrz.lines);
      // Never the wrong way: a band is judged its true way up, or left unsure (then both ways are read).
      expect([sample.mrzCapture.upsideDown ? "upside_down" : "upright", "unsure"], sample.id).toContain(judged.orientation);
      // Turning the located lines turns the judgement.
      const back = judgeOrientation(located.mrz.lines.map(turnLine).reverse());
      expect(back.lead).toBeCloseTo(-judged.lead, 1);
    }
    for (const sample of [...clean.slice(0, 3), ...phone.slice(0, 3)]) {
      const located = locateMrz(await decodeGray(sample.mrzImage));
      if (!located.found) throw new Error(`${sample.id}: ${located.reason}`);
      expect(judgeOrientation(located.mrz.lines)).toMatchObject({ orientation: "upright", sure: true });
    }
    const accepted = [];
    for (const sample of turnedOver) {
      const read = await readMrz(
        sample.mrzImage,
        sample.truth.format === "TD3" ? { formats: ["TD3"], kind: "passport" } : { formats: ["TD1", "TD2"], kind: "national_id" },
        new Date("2026-11-24T12:00:00Z"),
      );
      if (read.ok) {
        expect(read.upsideDown).toBe(true);
        expect(read.decision.lines).toEqual(sample.truth.mrzLines);
        accepted.push(sample.id);
      }
    }
    expect(accepted.length).toBeGreaterThan(0);
  }, 300_000);
});
