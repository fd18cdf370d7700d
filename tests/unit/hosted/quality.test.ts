import { describe, expect, it } from "vitest";
import { assessQuality, edgeDensity, glareShare, laplacianVariance, toGrey, type GreyImage } from "@/components/hosted/capture/quality";
import { isRealFrame, sampleFrame } from "@/components/hosted/capture/real-frame";
import { guideRect } from "@/components/hosted/capture/document-guide";

const W = 480;
const H = 320;

/** A synthetic document: a light card with rows of dark "text" strokes on a mid-grey table. */
function documentImage(seed = 7): GreyImage {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const data = new Uint8Array(W * H).fill(90);
  for (let y = 40; y < 280; y++) for (let x = 40; x < 440; x++) data[y * W + x] = 225;
  for (let row = 60; row < 270; row += 18) {
    for (let x = 60; x < 420;) {
      const len = 3 + Math.floor(rand() * 8);
      for (let y = row; y < row + 9; y++) for (let dx = 0; dx < len; dx++) if (rand() > 0.3) data[y * W + x + dx] = 30;
      x += len + 2 + Math.floor(rand() * 4);
    }
  }
  return { width: W, height: H, data };
}

function boxBlur(img: GreyImage, radius: number, passes = 3): GreyImage {
  let src = img.data;
  for (let p = 0; p < passes; p++) {
    const tmp = new Uint8Array(src.length);
    const out = new Uint8Array(src.length);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        let sum = 0;
        let n = 0;
        for (let d = -radius; d <= radius; d++) {
          const xx = Math.min(W - 1, Math.max(0, x + d));
          sum += src[y * W + xx]!;
          n++;
        }
        tmp[y * W + x] = sum / n;
      }
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        let sum = 0;
        let n = 0;
        for (let d = -radius; d <= radius; d++) {
          const yy = Math.min(H - 1, Math.max(0, y + d));
          sum += tmp[yy * W + x]!;
          n++;
        }
        out[y * W + x] = sum / n;
      }
    src = out;
  }
  return { width: W, height: H, data: src };
}

const guide = { x: 40 / W, y: 40 / H, width: 400 / W, height: 240 / H };

describe("browser quality hints", () => {
  it("a sharp document in the guide gets no advice", () => {
    const { hints, measures } = assessQuality(documentImage(), guide);
    expect(hints).toEqual([]);
    expect(measures.sharpness).toBeGreaterThan(1000);
  });

  it("the same document out of focus is 'blurred' (Laplacian variance falls by more than 10×)", () => {
    const sharp = laplacianVariance(documentImage(), guide);
    const blurred = boxBlur(documentImage(), 3);
    const soft = laplacianVariance(blurred, guide);
    expect(soft).toBeLessThan(sharp / 10);
    expect(assessQuality(blurred, guide).hints).toEqual(["blurred"]);
  });

  it("a specular patch over 2 % of the guide is 'glare'; a white card alone is not", () => {
    const img = documentImage();
    expect(glareShare(img, guide)).toBe(0);
    for (let y = 100; y < 150; y++) for (let x = 200; x < 280; x++) img.data[y * W + x] = 255; // 4000 px of 96 000 ≈ 4 %
    expect(glareShare(img, guide)).toBeCloseTo(4000 / (400 * 240), 3);
    expect(assessQuality(img, guide).hints).toContain("glare");
  });

  it("an empty table in the guide is 'not_in_frame'; the document outside the guide too", () => {
    const table = { width: W, height: H, data: new Uint8Array(W * H).fill(120) };
    expect(edgeDensity(table, guide)).toBe(0);
    expect(assessQuality(table, guide).hints).toEqual(["not_in_frame"]);
    // The guide over the empty right-hand margin only.
    const doc = documentImage();
    for (let y = 0; y < H; y++) for (let x = 300; x < W; x++) doc.data[y * W + x] = 120;
    expect(assessQuality(doc, { x: 320 / W, y: 0.1, width: 150 / W, height: 0.8 }).hints).toEqual(["not_in_frame"]);
  });

  it("a dark picture is 'too_dark' and nothing else", () => {
    const dark = documentImage();
    for (let i = 0; i < dark.data.length; i++) dark.data[i] = Math.round(dark.data[i]! / 8);
    expect(assessQuality(dark, guide).hints).toEqual(["too_dark"]);
  });

  it("toGrey uses BT.601 luma", () => {
    const rgba = new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);
    expect(Array.from(toGrey(rgba, 4, 1).data)).toEqual([76, 149, 29, 255]);
  });
});

describe("shutter readiness (real frame)", () => {
  const lit = (value: number, noise: number) => ({
    width: 4,
    height: 4,
    data: new Uint8Array(16).map((_, i) => value + (i % 2 ? noise : -noise)),
  });
  it("black or flat frames never open the shutter; a lit, playing stream does (even a still scene)", () => {
    const black = sampleFrame(lit(2, 1), 0.1);
    const flat = sampleFrame(lit(128, 0), 0.2);
    const a = sampleFrame(lit(120, 40), 0.3);
    const b = sampleFrame(lit(120, 40), 0.45);
    expect(isRealFrame(black, null)).toBe(false);
    expect(isRealFrame(sampleFrame(lit(2, 1), 0.2), black)).toBe(false);
    expect(isRealFrame(flat, black)).toBe(false);
    expect(isRealFrame(a, flat)).toBe(false); // the previous sample was not lit
    expect(isRealFrame(b, a)).toBe(true);
    expect(isRealFrame(sampleFrame(lit(120, 40), 0.3), a)).toBe(false); // the video clock did not move: frozen
  });
});

describe("frame guide", () => {
  it("keeps the document's aspect ratio in picture pixels and fits inside 88 % × 80 %", () => {
    for (const [kind, ratio] of [
      ["passport", 125 / 88],
      ["national_id", 85.6 / 54],
    ] as const) {
      for (const picture of [16 / 9, 4 / 3, 3 / 4, 9 / 16]) {
        const r = guideRect(kind, picture);
        expect((r.width * picture) / r.height).toBeCloseTo(ratio, 6);
        expect(r.width).toBeLessThanOrEqual(0.88 + 1e-9);
        expect(r.height).toBeLessThanOrEqual(0.8 + 1e-9);
        expect(r.x + r.width / 2).toBeCloseTo(0.5, 9);
      }
    }
  });
});
