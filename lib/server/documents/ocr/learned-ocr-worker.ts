// The learned OCR's own thread (learned-ocr.ts starts it): PP-OCRv4 detection + recognition as
// ONNX through @gutenye/ocr-node, loaded once when the thread starts. @gutenye/ocr-common imports
// @techstark/opencv-js, which turns any unhandled rejection into an abort: here that can end only
// this thread, which the caller sees as an error and replaces.
import { parentPort } from "node:worker_threads";
import sharp from "sharp";
import type { LearnedOcrReply, LearnedOcrRequest, OcrLine, OcrPoint } from "./protocol";

/** Detection runs on the page scaled so its longer side is at most this (the model needs sides in multiples of 32). */
const MAX_SIDE = 1280;
const BASE = 32;
const MAX_PIXELS = 50_000_000;

type Detected = { text: string; mean: number; box?: number[][] };
type LineImage = { box: number[][] };
/** ocr-common's two models, used apart so each detected box is recognised on its own (Ocr.detect merges a row's boxes into one line). */
type Engine = { detection: { run(input: string): Promise<LineImage[]> }; recognition: { run(lines: LineImage[]): Promise<Detected[]> } };

const port = parentPort;
if (!port) throw new Error("learned-ocr-worker.ts runs only as a worker thread");

async function load(): Promise<Engine> {
  await import("@gutenye/ocr-node"); // registers ocr-common's Node backend (sharp, onnxruntime-node)
  // The models' module, by file (the package's exports map lists only its Ocr class): the same
  // module instance the backend was registered with.
  const { createRequire } = await import("node:module");
  const { pathToFileURL } = await import("node:url");
  const path = await import("node:path");
  const backendFile = createRequire(import.meta.url).resolve("@gutenye/ocr-common/splitIntoLineImages");
  const models = (await import(pathToFileURL(path.join(path.dirname(backendFile), "..", "models", "index.js")).href)) as {
    Detection: { create(o: object): Promise<Engine["detection"]> };
    Recognition: { create(o: object): Promise<Engine["recognition"]> };
  };
  const threads = Number(process.env.LEARNED_OCR_THREADS ?? "1");
  const n = Number.isInteger(threads) && threads > 0 ? threads : 1;
  const onnxOptions = { intraOpNumThreads: n, interOpNumThreads: 1 };
  return { detection: await models.Detection.create({ onnxOptions }), recognition: await models.Recognition.create({ onnxOptions }) };
}

/** The page upright (EXIF), as 4-channel pixels scaled to multiples of 32, and the scale back to the input's pixels. */
async function prepare(req: Extract<LearnedOcrRequest, { type: "read" }>): Promise<{ png: Buffer; sx: number; sy: number }> {
  const base =
    req.image.kind === "encoded"
      ? sharp(req.image.bytes, { failOn: "error", limitInputPixels: MAX_PIXELS }).rotate()
      : sharp(req.image.data, { raw: { width: req.image.width, height: req.image.height, channels: req.image.channels } });
  const { data, info } = await base.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const width = info.width;
  const height = info.height;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(BASE, Math.ceil((width * scale) / BASE) * BASE);
  const h = Math.max(BASE, Math.ceil((height * scale) / BASE) * BASE);
  const png = await sharp(data, { raw: { width, height, channels: info.channels } })
    .resize(w, h, { fit: "fill", kernel: scale < 1 ? "lanczos3" : "cubic" })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { png, sx: width / w, sy: height / h };
}

/** Four corners clockwise from the top-left (the one nearest the image's origin along x + y). */
function orderCorners(points: OcrPoint[]): [OcrPoint, OcrPoint, OcrPoint, OcrPoint] {
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  const sorted = [...points].sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
  let start = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i]![0] + sorted[i]![1] < sorted[start]![0] + sorted[start]![1]) start = i;
  const out = [0, 1, 2, 3].map((k) => sorted[(start + k) % sorted.length]!);
  return out as [OcrPoint, OcrPoint, OcrPoint, OcrPoint];
}

async function recognize(engine: Engine, req: Extract<LearnedOcrRequest, { type: "read" }>): Promise<OcrLine[]> {
  const { png, sx, sy } = await prepare(req);
  // ocr-node opens its input with sharp, which takes encoded bytes as readily as a path.
  const lineImages = await engine.detection.run(png as unknown as string);
  const boxes: OcrLine[] = [];
  for (const lineImage of lineImages) {
    // One box at a time: recognition returns it alone (or nothing under its 0.5 confidence floor).
    for (const line of await engine.recognition.run([lineImage])) {
      if (!line.box || line.box.length !== 4) continue;
      const points = line.box.map((p) => [Math.round((p[0] ?? 0) * sx * 10) / 10, Math.round((p[1] ?? 0) * sy * 10) / 10] as OcrPoint);
      boxes.push({ text: line.text, score: line.mean, box: orderCorners(points) });
    }
  }
  return mergeRows(boxes);
}

/**
 * Boxes whose midlines are within half the mean box height joined left to right into one line, as
 * Ocr.detect did (its text joined by spaces, its box from the first box's left to the last one's
 * right); each line keeps its boxes as `parts` (a label and its value across a gap stay apart there).
 */
function mergeRows(boxes: OcrLine[]): OcrLine[] {
  if (!boxes.length) return [];
  const mid = (b: OcrLine) => (b.box[0][1] + b.box[2][1]) / 2;
  const meanHeight = boxes.reduce((s, b) => s + (b.box[2][1] - b.box[0][1]), 0) / boxes.length;
  const rows: OcrLine[][] = [];
  for (const b of boxes) {
    const row = rows.find((r) => Math.abs(mid(r[0]!) - mid(b)) < meanHeight / 2);
    if (row) row.push(b);
    else rows.push([b]);
  }
  for (const row of rows) row.sort((a, b) => a.box[0][0] - b.box[0][0]);
  rows.sort((a, b) => a[0]!.box[0][1] - b[0]!.box[0][1]);
  return rows.map((row) => {
    const first = row[0]!;
    const last = row.at(-1)!;
    return {
      text: row.map((b) => b.text).join(" "),
      score: row.reduce((s, b) => s + b.score, 0) / row.length,
      box: [first.box[0], last.box[1], last.box[2], first.box[3]],
      parts: row,
    };
  });
}

const loaded = load();
loaded.then(
  () => port.postMessage({ type: "ready" } satisfies LearnedOcrReply),
  (error: unknown) => port.postMessage({ type: "load_failed", message: error instanceof Error ? error.message : String(error) } satisfies LearnedOcrReply),
);

let queue: Promise<unknown> = Promise.resolve();
/** Requests cancelled before their turn: skipped (one already running finishes; its answer is dropped by the caller). */
const cancelled = new Set<number>();
port.on("message", (req: LearnedOcrRequest) => {
  if (req.type === "cancel") {
    cancelled.add(req.id);
    return;
  }
  queue = queue.then(async () => {
    if (cancelled.delete(req.id)) {
      port.postMessage({ type: "cancelled", id: req.id } satisfies LearnedOcrReply);
      return;
    }
    try {
      const engine = await loaded;
      const lines = await recognize(engine, req);
      port.postMessage({ type: "result", id: req.id, lines } satisfies LearnedOcrReply);
    } catch (error) {
      port.postMessage({ type: "error", id: req.id, message: error instanceof Error ? error.message : String(error) } satisfies LearnedOcrReply);
    }
  });
});
