import { beforeAll, describe, expect, it } from "vitest";
import { decodeGray } from "@/lib/server/documents/image/decode-gray";
import { readBandWithoutText } from "@/lib/server/documents/mrz/learned/read-learned";
import { locateMrz } from "@/lib/server/documents/mrz/locate-mrz";
import type { LocatedMrz } from "@/lib/server/documents/types";
import { documentSet, type DocumentSample } from "../../support/documents/fixtures";

// The learned path's band read without the learned OCR's text (read-learned.ts readBandWithoutText):
// where the learned OCR found a band but could not read its text whole, the OCR-B readers read the
// lines the classic locator follows in it, under the same gate. On generated pages whose MRZ text is
// known (tests/support/documents), located by the classic locator as it locates a rectified band.

const NOW = new Date("2026-11-28T00:00:00Z");
let clean: DocumentSample[];

beforeAll(async () => {
  clean = await documentSet({ variant: "clean", count: 6, seed: "unit-mrz" });
}, 180_000);

async function located(sample: DocumentSample): Promise<LocatedMrz> {
  const found = locateMrz(await decodeGray(sample.mrzImage));
  if (!found.found) throw new Error(`${sample.id}: ${found.reason}`);
  return found.mrz;
}

describe("readBandWithoutText", () => {
  it("reads the located lines exactly and names the layout their shape tells", async () => {
    expect(new Set(clean.map((s) => s.truth.format)).size).toBeGreaterThan(1);
    for (const sample of clean) {
      const mrz = await located(sample);
      const read = await readBandWithoutText(mrz, 2, NOW);
      expect(read.decision.accepted, sample.id).toBe(true);
      if (!read.decision.accepted) continue;
      expect(read.decision.lines).toEqual(sample.truth.mrzLines);
      expect(read.format).toBe(sample.truth.format);
      expect(read.linesFrom).toBe("locator");
      // Reported in the page's pixels: the band was cut at twice the page's scale.
      expect(read.located?.capHeight).toBeCloseTo(mrz.capHeight / 2, 6);
      expect(read.readings.map((r) => r.reader)).not.toContain("learned");
    }
  }, 120_000);

  it("refuses lines that hold no print, with no agreed reading to report", async () => {
    const mrz = await located(clean[0]!);
    const blank = { ...mrz, lines: mrz.lines.map((line) => ({ ...line, data: new Uint8Array(line.data.length).fill(255) })) };
    const read = await readBandWithoutText(blank, 1, NOW);
    expect(read.decision.accepted).toBe(false);
    expect(read.agreedInvalid).toBeNull();
  }, 60_000);

  it("refuses a line whose ink is not OCR-B print (the first line mirrored)", async () => {
    const sample = clean.find((s) => s.truth.format === "TD3") ?? clean[0]!;
    const mrz = await located(sample);
    // The first line's image mirrored left to right: the same ink, no longer the printed names.
    const [first, ...rest] = mrz.lines;
    const data = new Uint8Array(first!.data.length);
    for (let y = 0; y < first!.height; y++)
      for (let x = 0; x < first!.width; x++) data[y * first!.width + x] = first!.data[y * first!.width + (first!.width - 1 - x)]!;
    const read = await readBandWithoutText({ ...mrz, lines: [{ ...first!, data }, ...rest] }, 1, NOW);
    expect(read.decision.accepted).toBe(false);
  }, 60_000);
});
