import path from "node:path";
import sharp from "sharp";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { MRZ_ALPHABET, type MrzLineImage, type MrzReading } from "../../types";

/*
 * The second MRZ reader: Tesseract's legacy (non-LSTM) classifier with a model trained on OCR-B
 * only (scripts/documents/train-ocrb-tesseract.sh, committed beside this file). It shares nothing
 * with the template matcher but the located line image: different features, different errors,
 * which is what the acceptance gate's "both readers agree" needs (documents-lab.md).
 * One tesseract.js worker per process, made on first use; calls are queued so one line's
 * parameters never leak into another's.
 */

/** OCR-B's 2.54 mm pitch at the 300 dpi the model was trained at: each line is scaled to it. */
const TRAINED_PITCH_PX = 30;
const MARGIN_PX = 24;

const KEY = Symbol.for("verity.documents.ocrb-tesseract");
type Holder = { [KEY]?: { worker?: Promise<Worker>; queue: Promise<unknown> } };
const holder = globalThis as Holder;

/** The model folder, from the app's root at run time (a path no bundler rewrites; the pool resolves its worker file the same way). */
function modelFolder(): string {
  return path.resolve(process.cwd(), "lib/server/documents/mrz/ocrb-tesseract");
}

function state() {
  return (holder[KEY] ??= { queue: Promise.resolve() });
}

function getWorker(): Promise<Worker> {
  const s = state();
  s.worker ??= (async () => {
    const worker = await createWorker("ocrb", OEM.TESSERACT_ONLY, { langPath: modelFolder(), cacheMethod: "none", gzip: false });
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, tessedit_char_whitelist: MRZ_ALPHABET, user_defined_dpi: "300" });
    return worker;
  })().catch((error: unknown) => {
    delete s.worker;
    throw error;
  });
  return s.worker;
}

/** Otsu's threshold of a grey image: the level that best splits ink from paper. */
function otsu(data: Uint8Array): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of data) hist[v]!++;
  const total = data.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i]!;
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let level = 128;
  for (let t = 0; t < 256; t++) {
    below += hist[t]!;
    if (below === 0 || below === total) continue;
    sumBelow += t * hist[t]!;
    const m0 = sumBelow / below;
    const m1 = (sumAll - sumBelow) / (total - below);
    const between = below * (total - below) * (m0 - m1) ** 2;
    if (between > best) {
      best = between;
      level = t;
    }
  }
  return level;
}

/**
 * A located line, scaled to the trained pitch, made black on white at its own Otsu level and
 * framed in white, as PNG. Binarised here, not by Tesseract: a grey page framed in white would
 * make Tesseract's global threshold take the whole page for ink.
 */
async function linePng(line: MrzLineImage): Promise<Buffer> {
  const scale = TRAINED_PITCH_PX / Math.max(1, line.cellPitch);
  const width = Math.max(1, Math.round(line.width * scale));
  const height = Math.max(1, Math.round(line.height * scale));
  return sharp(Buffer.from(line.data.buffer, line.data.byteOffset, line.data.byteLength), {
    raw: { width: line.width, height: line.height, channels: 1 },
  })
    .resize(width, height, { kernel: scale > 1 ? "cubic" : "lanczos3" })
    .threshold(otsu(line.data) + 1, { grayscale: true })
    .extend({ top: MARGIN_PX, bottom: MARGIN_PX, left: MARGIN_PX, right: MARGIN_PX, background: "#ffffff" })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function readLine(worker: Worker, line: MrzLineImage): Promise<{ text: string; confidence: number[] }> {
  const { data } = await worker.recognize(await linePng(line), {}, { text: false, blocks: true });
  let text = "";
  const confidence: number[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const l of paragraph.lines) {
        for (const word of l.words) {
          for (const symbol of word.symbols) {
            for (const ch of symbol.text) {
              if (!MRZ_ALPHABET.includes(ch)) continue;
              text += ch;
              confidence.push(Math.max(0, Math.min(1, symbol.confidence / 100)));
            }
          }
        }
      }
    }
  }
  return { text, confidence };
}

/**
 * Reads each located line. A line read with the wrong number of characters is returned as read:
 * the gate's length and check-digit rules refuse it, which is the honest outcome.
 */
export function readMrzTesseract(lines: MrzLineImage[]): Promise<MrzReading> {
  const s = state();
  const run = s.queue.then(async () => {
    const worker = await getWorker();
    const out: MrzReading = { reader: "tesseract", lines: [], confidence: [] };
    for (const line of lines) {
      const read = await readLine(worker, line);
      out.lines.push(read.text);
      out.confidence.push(read.confidence);
    }
    return out;
  });
  s.queue = run.catch(() => undefined);
  return run;
}

/** Ends the worker (tests, benches, shutdown). */
export async function closeMrzTesseract(): Promise<void> {
  const s = holder[KEY];
  const worker = s?.worker;
  if (s) delete s.worker;
  if (worker) await (await worker.catch(() => null))?.terminate();
}
