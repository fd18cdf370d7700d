import path from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import type { TextPiece } from "./text-layout";

/*
 * OCR of a whole page (a scan or a photo of a bill). One tesseract.js worker per process, made on
 * first use and kept (starting one costs most of a second); calls are queued on one chain so one
 * page's parameters never leak into another's. Automatic page segmentation: a bill has columns
 * (address block beside a reference panel) that a single-block reading would run together.
 */

export interface OcrPage {
  words: TextPiece[];
  /** Mean word confidence, 0–100. */
  confidence: number;
}

const KEY = Symbol.for("verity.documents.supporting-ocr");
const QUEUE = Symbol.for("verity.documents.supporting-ocr.queue");
const holder = globalThis as { [KEY]?: Promise<Worker>; [QUEUE]?: Promise<unknown> };

/** The traineddata folder, resolved by Node's own resolver at run time (not by a bundler). */
function languagePath(): string {
  const { createRequire } = process.getBuiltinModule("node:module") as typeof import("node:module");
  const nodeRequire = createRequire(import.meta.url);
  return path.join(path.dirname(nodeRequire.resolve("@tesseract.js-data/eng")), "4.0.0_best_int");
}

function worker(): Promise<Worker> {
  holder[KEY] ??= createWorker("eng", OEM.LSTM_ONLY, { langPath: languagePath(), cacheMethod: "none", gzip: true }).catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

/** Reads one page image (PNG/JPEG bytes); `page` is stamped on every word. */
export function ocrPage(image: Buffer, page: number, dpi: number): Promise<OcrPage> {
  const previous = holder[QUEUE] ?? Promise.resolve();
  const run = previous.then(async () => {
    const w = await worker();
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: String(Math.round(dpi)), tessedit_char_whitelist: "" });
    const { data } = await w.recognize(image, {}, { text: false, blocks: true });
    const words: TextPiece[] = [];
    let sum = 0;
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          for (const word of line.words) {
            if (!word.text.trim()) continue;
            // Word boxes hug the ink (an "a" is shorter than an "A"): the line's box gives the row height.
            words.push({ text: word.text, page, x0: word.bbox.x0, x1: word.bbox.x1, y0: line.bbox.y0, y1: line.bbox.y1 });
            sum += word.confidence;
          }
        }
      }
    }
    return { words, confidence: words.length ? sum / words.length : 0 };
  });
  holder[QUEUE] = run.catch(() => undefined);
  return run;
}

/** Ends the worker (tests and benchmarks, so the process can exit). */
export async function closeSupportingOcr(): Promise<void> {
  const pending = holder[KEY];
  delete holder[KEY];
  if (pending) await (await pending).terminate();
}
