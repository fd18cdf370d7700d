import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { LearnedOcrImage, LearnedOcrReply, LearnedOcrRequest, OcrLine } from "./protocol";

export type { OcrLine, OcrPoint } from "./protocol";

/*
 * The learned OCR (PP-OCRv4 detection + recognition on ONNX, @gutenye/ocr-node): finds lines of
 * text anywhere on a page, at any size, and reads them. It runs in its own worker thread, started
 * on first use, once per process or pool thread: the package imports @techstark/opencv-js, which
 * aborts the thread it lives in on any unhandled rejection, so it never shares a thread with the
 * server. The models load once when that thread starts. A model that fails to load is a
 * LearnedOcrUnavailableError (code "learned_ocr_unavailable"), the same for every call until the
 * process restarts; `startLearnedOcr()` lets a server or worker find out at start-up.
 */

/** Loading both models takes ~1 s on one core; allow for a busy machine. */
const LOAD_TIMEOUT_MS = 60_000;
/** One page takes ~0.3–1.5 s on a free core; a call past this (queue included) ends the thread (a fresh one serves the next call). */
const CALL_TIMEOUT_MS = 30_000;

export class LearnedOcrUnavailableError extends Error {
  readonly code = "learned_ocr_unavailable";
  constructor(message: string) {
    super(`The learned OCR model could not be loaded: ${message}`);
    this.name = "LearnedOcrUnavailableError";
  }
}

export class LearnedOcrError extends Error {
  readonly code = "learned_ocr_failed";
  constructor(message: string) {
    super(message);
    this.name = "LearnedOcrError";
  }
}

interface Pending {
  resolve(lines: OcrLine[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, Pending>;
}

const KEY = Symbol.for("verity.documents.learned-ocr");
type State = { thread?: Thread; loadFailure?: LearnedOcrUnavailableError; nextId: number };
const holder = globalThis as { [KEY]?: State };

function state(): State {
  return (holder[KEY] ??= { nextId: 1 });
}

/** Resolved from the app's root at run time (the pool resolves its worker file the same way). */
function workerFile(): string {
  return path.resolve(process.cwd(), "lib/server/documents/ocr/learned-ocr-worker.ts");
}

function failAll(thread: Thread, error: Error): void {
  for (const [id, p] of thread.pending) {
    clearTimeout(p.timer);
    thread.pending.delete(id);
    p.reject(error);
  }
}

function dropThread(s: State, thread: Thread): void {
  if (s.thread === thread) delete s.thread;
  void thread.worker.terminate().catch(() => undefined);
}

function startThread(s: State): Thread {
  // The thread registers tsx itself, then loads the TypeScript worker (as the server runs TypeScript through tsx).
  const bootstrap = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(workerFile()).href)}); })`;
  const worker = new Worker(bootstrap, { eval: true });
  worker.unref();
  const pending = new Map<number, Pending>();
  let settleReady!: { resolve(): void; reject(e: Error): void };
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
  ready.catch(() => undefined);
  const thread: Thread = { worker, ready, pending };
  const loadTimer = setTimeout(() => {
    const error = new LearnedOcrUnavailableError(`not loaded after ${LOAD_TIMEOUT_MS / 1000} s`);
    settleReady.reject(error);
    failAll(thread, error);
    dropThread(s, thread);
  }, LOAD_TIMEOUT_MS);
  loadTimer.unref();

  worker.on("message", (reply: LearnedOcrReply) => {
    if (reply.type === "ready") {
      clearTimeout(loadTimer);
      settleReady.resolve();
      return;
    }
    if (reply.type === "load_failed") {
      clearTimeout(loadTimer);
      const error = new LearnedOcrUnavailableError(reply.message);
      s.loadFailure = error;
      settleReady.reject(error);
      failAll(thread, error);
      dropThread(s, thread);
      return;
    }
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    clearTimeout(p.timer);
    if (pending.size === 0) worker.unref();
    if (reply.type === "result") p.resolve(reply.lines);
    else if (reply.type === "cancelled") p.reject(new LearnedOcrError("The learned OCR call was cancelled"));
    else p.reject(new LearnedOcrError(`The learned OCR could not read the image: ${reply.message}`));
  });
  const onGone = (error: Error) => {
    clearTimeout(loadTimer);
    settleReady.reject(error);
    failAll(thread, error);
    if (s.thread === thread) delete s.thread;
  };
  worker.on("error", (error) => onGone(new LearnedOcrError(`The learned OCR thread failed: ${error.message}`)));
  worker.on("exit", (code) => onGone(new LearnedOcrError(`The learned OCR thread ended (exit code ${code})`)));
  return thread;
}

function thread(): Thread {
  const s = state();
  if (s.loadFailure) throw s.loadFailure;
  return (s.thread ??= startThread(s));
}

/** Starts the thread and waits for the models: throws LearnedOcrUnavailableError if they cannot load. */
export async function startLearnedOcr(): Promise<void> {
  await thread().ready;
}

function toImage(image: Buffer | { data: Buffer | Uint8Array; width: number; height: number; channels: number }): LearnedOcrImage {
  if (Buffer.isBuffer(image) || image instanceof Uint8Array) return { kind: "encoded", bytes: new Uint8Array(image) };
  const { data, width, height, channels } = image;
  if (![1, 2, 3, 4].includes(channels)) throw new LearnedOcrError(`channels must be 1–4, got ${channels}`);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || data.length !== width * height * channels) {
    throw new LearnedOcrError(`raw image of ${data.length} bytes does not match ${width}×${height}×${channels}`);
  }
  return { kind: "raw", data: new Uint8Array(data), width, height, channels: channels as 1 | 2 | 3 | 4 };
}

/**
 * The lines of text on a page: an encoded image (JPEG/PNG/WebP, turned upright by its EXIF
 * orientation, as decodeGray does) or raw pixels. Boxes are in the (upright) input's pixels.
 */
export async function recognizeText(
  image: Buffer | { data: Buffer | Uint8Array; width: number; height: number; channels: number },
  options: { signal?: AbortSignal } = {},
): Promise<OcrLine[]> {
  const payload = toImage(image);
  const t = thread();
  await t.ready;
  if (options.signal?.aborted) throw new LearnedOcrError("The learned OCR call was cancelled");
  const id = state().nextId++;
  return new Promise<OcrLine[]>((resolve, reject) => {
    // Cancelled: skipped if it has not started; if it has, its answer is dropped.
    options.signal?.addEventListener(
      "abort",
      () => {
        const p = t.pending.get(id);
        if (!p) return;
        t.pending.delete(id);
        clearTimeout(p.timer);
        if (t.pending.size === 0) t.worker.unref();
        t.worker.postMessage({ type: "cancel", id } satisfies LearnedOcrRequest);
        reject(new LearnedOcrError("The learned OCR call was cancelled"));
      },
      { once: true },
    );
    const timer = setTimeout(() => {
      t.pending.delete(id);
      reject(new LearnedOcrError(`The learned OCR took longer than ${CALL_TIMEOUT_MS / 1000} s`));
      // A stuck thread is replaced: the others waiting on it fail, the next call starts afresh.
      failAll(t, new LearnedOcrError("The learned OCR thread was restarted after a timeout"));
      dropThread(state(), t);
    }, CALL_TIMEOUT_MS);
    t.pending.set(id, { resolve, reject, timer });
    t.worker.ref();
    const request: LearnedOcrRequest = { type: "read", id, image: payload };
    const transfer = [payload.kind === "encoded" ? payload.bytes.buffer : payload.data.buffer] as ArrayBuffer[];
    t.worker.postMessage(request, transfer);
  });
}

/** Ends the thread (tests, benches, shutdown); the next call starts a new one. */
export async function closeLearnedOcr(): Promise<void> {
  const s = holder[KEY];
  const t = s?.thread;
  if (!s || !t) return;
  delete s.thread;
  failAll(t, new LearnedOcrError("The learned OCR was closed"));
  await t.worker.terminate().catch(() => undefined);
}
