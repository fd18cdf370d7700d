import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { detectLines, detectorPage, loadLineDetector, type LineImage } from "@/lib/server/documents/ocr/detect-lines";

/*
 * detect-lines.ts runs PP-OCRv4's detector without ocr-common's per-pixel arrays; it must find what
 * ocr-common's own Detection.run finds, exactly: the same boxes and the same line crops, byte for
 * byte, on real pages (colour and grey, scaled down and up, as the OCR process prepares them).
 * ocr-common's Detection reads a PNG, as the process used to hand it one. Ours runs the model
 * folded (fold-model.ts) and ocr-common the file as shipped: the same boxes and crops show the fold
 * changes no line on these pages.
 */
const SHARED = path.resolve(process.cwd(), "../shared/real-data");
const PAGES = [
  "documents/fastmrz-td3.jpg",
  "documents/fastmrz-nomrz.jpg",
  "documents-2/python-mrz-scanner-sdk__enh_rotated-passport.jpg",
  "documents-2/passport_mrz_detector_cpp__examples_passport_01.jpg",
];
const ONNX = { intraOpNumThreads: 1, interOpNumThreads: 1 };

type Detection = { run(input: string): Promise<LineImage[]> };

async function ocrCommonDetection(): Promise<Detection> {
  await import("@gutenye/ocr-node");
  const split = createRequire(import.meta.url).resolve("@gutenye/ocr-common/splitIntoLineImages");
  const models = (await import(pathToFileURL(path.join(path.dirname(split), "..", "models", "index.js")).href)) as {
    Detection: { create(o: object): Promise<Detection> };
  };
  return models.Detection.create({ onnxOptions: ONNX });
}

const sides = (width: number, height: number, maxSide: number) => {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { w: Math.max(32, Math.ceil((width * scale) / 32) * 32), h: Math.max(32, Math.ceil((height * scale) / 32) * 32), scale };
};

describe("the text-line detector (detect-lines.ts)", () => {
  it("finds ocr-common's boxes and crops exactly, on real pages in colour and grey, scaled down and up", async () => {
    const ort = await import("onnxruntime-node");
    const ours = await loadLineDetector(ort, ONNX);
    const theirs = await ocrCommonDetection();
    let compared = 0;
    for (const name of PAGES) {
      for (const grey of [false, true]) {
        let decode = sharp(readFileSync(path.join(SHARED, name))).rotate();
        if (grey) decode = decode.greyscale();
        const { data, info } = await decode.removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const raw = { data: new Uint8Array(data), width: info.width, height: info.height, channels: info.channels as 1 | 3 };
        for (const maxSide of [640, 2048]) {
          const { w, h, scale } = sides(info.width, info.height, maxSide);
          const kernel = scale < 1 ? "lanczos3" : "cubic";
          const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
            .resize(w, h, { fit: "fill", kernel })
            .png({ compressionLevel: 0 })
            .toBuffer();
          const expected = await theirs.run(png as unknown as string);
          const found = await detectLines(ours, await detectorPage(raw, w, h, kernel));
          const label = `${name}${grey ? " grey" : ""} at ${w}×${h}`;
          expect(found.length, label).toBe(expected.length);
          expect(found.length, label).toBeGreaterThan(0);
          for (let i = 0; i < found.length; i++) {
            expect(found[i]!.box, `${label} line ${i}`).toEqual(expected[i]!.box);
            const [a, b] = [found[i]!.image, expected[i]!.image];
            expect([a.width, a.height], `${label} line ${i}`).toEqual([b.width, b.height]);
            expect(Buffer.compare(Buffer.from(a.data), Buffer.from(b.data)), `${label} line ${i} crop`).toBe(0);
          }
          compared += found.length;
        }
      }
    }
    console.log(`${compared} lines compared on ${PAGES.length} pages × colour/grey × 2 sizes`);
  }, 240_000);

  it("refuses a page whose sides are not multiples of 32", async () => {
    const ort = await import("onnxruntime-node");
    const ours = await loadLineDetector(ort, ONNX);
    await expect(detectLines(ours, { data: new Uint8Array(33 * 32 * 4), width: 33, height: 32 })).rejects.toThrow(/multiples of 32/);
  });
});
