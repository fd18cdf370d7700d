import path from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";

/*
 * One tesseract.js worker per engine per process, created on first use and reused (a worker costs
 * ~0.6–0.9 s to start). The LSTM engine (`4.0.0_best_int`) reads the names and dates; the licence
 * number is also read by the legacy engine (`4.0.0`, OEM 0) as a second, independent reader: the
 * LSTM inserts or swaps characters where letters meet digits (CHOWD008… → CHOWDO008…), the legacy
 * classifier instead confuses look-alikes (6/G, 0/O, 9/Q), so their errors seldom coincide.
 * Calls are queued on one chain: parameters set for one call must not leak into another's.
 */

export interface OcrWord {
  text: string;
  confidence: number;
  box: { x0: number; y0: number; x1: number; y1: number };
}
export interface OcrLine {
  text: string;
  words: OcrWord[];
  box: { x0: number; y0: number; x1: number; y1: number };
}

export type OcrEngine = "lstm" | "legacy";
const KEY = Symbol.for("idv.documents.licence-ocr");
type Holder = { [KEY]?: Partial<Record<OcrEngine, Promise<Worker>>>; [QUEUE]?: Promise<unknown> };
const QUEUE = Symbol.for("idv.documents.licence-ocr.queue");
const holder = globalThis as Holder;

/** The traineddata folder, resolved by Node's own resolver at run time (not by a bundler). */
function languagePath(engine: OcrEngine): string {
  const { createRequire } = process.getBuiltinModule("node:module") as typeof import("node:module");
  const nodeRequire = createRequire(import.meta.url);
  return path.join(path.dirname(nodeRequire.resolve("@tesseract.js-data/eng")), engine === "lstm" ? "4.0.0_best_int" : "4.0.0");
}

function getWorker(engine: OcrEngine): Promise<Worker> {
  const workers = (holder[KEY] ??= {});
  const oem = engine === "lstm" ? OEM.LSTM_ONLY : OEM.TESSERACT_ONLY;
  workers[engine] ??= createWorker("eng", oem, { langPath: languagePath(engine), cacheMethod: "none", gzip: true }).catch(
    (error: unknown) => {
      delete workers[engine];
      throw error;
    },
  );
  return workers[engine];
}

export interface OcrOptions {
  mode: "block" | "line" | "char";
  whitelist?: string;
  engine?: OcrEngine;
}

/** Reads an image (PNG bytes) and returns its text lines with word boxes and confidences (0–100). */
export function recognizeLines(png: Buffer, options: OcrOptions): Promise<OcrLine[]> {
  const previous = holder[QUEUE] ?? Promise.resolve();
  const run = previous.then(async () => {
    const worker = await getWorker(options.engine ?? "lstm");
    await worker.setParameters({
      tessedit_pageseg_mode: { block: PSM.SINGLE_BLOCK, line: PSM.SINGLE_LINE, char: PSM.SINGLE_CHAR }[options.mode],
      tessedit_char_whitelist: options.whitelist ?? "",
      user_defined_dpi: "300",
    });
    const { data } = await worker.recognize(png, {}, { text: false, blocks: true });
    const lines: OcrLine[] = [];
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          lines.push({
            text: line.text.trim(),
            box: line.bbox,
            words: line.words.map((word) => ({ text: word.text, confidence: word.confidence, box: word.bbox })),
          });
        }
      }
    }
    return lines;
  });
  holder[QUEUE] = run.catch(() => undefined);
  return run;
}

/** Ends the shared worker (tests and benchmarks, so the process can exit). */
export async function closeOcr(): Promise<void> {
  const workers = holder[KEY] ?? {};
  delete holder[KEY];
  for (const pending of Object.values(workers)) await (await pending).terminate();
}
