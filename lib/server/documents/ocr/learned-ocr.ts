import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { joinRows } from "./join-rows";
import type { HandedLine, LearnedOcrImage, LearnedOcrReply, LearnedOcrRequest, OcrLine, OcrSkipRegion } from "./protocol";

export type { OcrLine, OcrPoint, OcrSkipRegion } from "./protocol";

/*
 * The learned OCR (PP-OCRv4 detection + recognition on ONNX, @gutenye/ocr-node): finds lines of
 * text anywhere on a page, at any size, and reads them. It runs in its own child process, started
 * on first use, one per process or pool thread (learned-ocr-process.ts says why not a thread: an
 * onnxruntime call cut short, or opencv-js's abort on an unhandled rejection, would end the whole
 * server). The models load once when that process starts. A model that fails to load is a
 * LearnedOcrUnavailableError (code "learned_ocr_unavailable"), the same for every call until the
 * process restarts; `startLearnedOcr()` lets a server or worker find out at start-up. A call past
 * its time kills the OCR process (safe for the caller) and the next call starts a fresh one.
 *
 * A page is read by ocrProcesses() processes at once. The first detects it, on as many threads as
 * there are such processes (the others have nothing to do until its lines exist), hands the crops
 * of every line but its own n-th share back at once, and recognises its share while the others
 * recognise theirs; the lines are put back in the detector's order and joined into rows here (a
 * single process's too), so the answer is one process's exactly (unit-tested; the detector's
 * output is the same bits on 1 or 2 threads). Recognition is most of a page's cost (~35 ms a line,
 * 25–45 lines a page on the real specimens), and onnxruntime runs one session's calls one after
 * the other whatever its thread settings (measured: 1 or 2 intra-op threads, 1 or 2 calls at once,
 * 28–30 ms a line alike), while two processes each run at full speed on two cores. Detection, one
 * large input, does use two threads: a 672 × 960 page 156 → 87 ms. Before, every process detected
 * the page itself on one thread (two detections side by side, 220–400 ms each on a busy machine);
 * bench:documents:real, alternate runs on one machine: p50 1,294 / 1,334 / 1,241 → 1,191 / 1,167 ms,
 * p95 1,999 / 1,985 / 1,862 → 1,797 / 1,738 ms, the same answers. (Handing the crops over with
 * a one-thread detector was tried earlier: no faster, the detector then being the whole wait.)
 */

/** Loading both models takes ~1 s on one core; allow for a busy machine. */
const LOAD_TIMEOUT_MS = 60_000;
/**
 * Processes reading each page: LEARNED_OCR_PROCESSES, by default 2 where the machine has two cores
 * or more. Each holds both models (~300 MB resident). A pool thread starts its own: the engine pool
 * gives each thread the cores the threads leave over (one each where there are as many threads as
 * cores, the default), so processes are not multiplied where the cores are already taken.
 */
function ocrProcesses(): number {
  return Math.max(1, Math.min(availableParallelism(), Number(process.env.LEARNED_OCR_PROCESSES) || 2));
}
/** One page takes ~0.3–3 s on a free core; a call past this (queue included) ends the OCR process (a fresh one serves the next call). */
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

/** A process's share of a page: its recognised lines and each one's place in the detector's order. */
interface Share {
  lines: OcrLine[];
  order: number[];
}

interface Pending {
  resolve(share: Share): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** The lines of the other shares, handed over by the process that detected the page (once). */
  onHandOff?(lines: HandedLine[]): void;
}

interface OcrProcess {
  child: ChildProcess;
  ready: Promise<void>;
  pending: Map<number, Pending>;
}

const KEY = Symbol.for("verity.documents.learned-ocr");
type State = { ocrs: (OcrProcess | undefined)[]; loadFailure?: LearnedOcrUnavailableError; nextId: number };
const holder = globalThis as { [KEY]?: State };

function state(): State {
  return (holder[KEY] ??= { ocrs: [], nextId: 1 });
}

/** Resolved from the app's root at run time (the pool resolves its worker file the same way). */
function processFile(): string {
  return path.resolve(process.cwd(), "lib/server/documents/ocr/learned-ocr-process.ts");
}

/** Holds the parent open only while a call waits (an idle OCR process never keeps a server, test or CLI alive). */
function setHeld(child: ChildProcess, held: boolean): void {
  const channel = child.channel as { ref?(): void; unref?(): void } | undefined;
  if (held) {
    child.ref();
    channel?.ref?.();
  } else {
    child.unref();
    channel?.unref?.();
  }
}

function failAll(ocr: OcrProcess, error: Error): void {
  for (const [id, p] of ocr.pending) {
    clearTimeout(p.timer);
    ocr.pending.delete(id);
    p.reject(error);
  }
}

/** Forgets `ocr` (the next call in its slot starts a fresh process). */
function forget(s: State, ocr: OcrProcess): void {
  const slot = s.ocrs.indexOf(ocr);
  if (slot >= 0) s.ocrs[slot] = undefined;
}

function dropProcess(s: State, ocr: OcrProcess): void {
  forget(s, ocr);
  ocr.child.kill("SIGKILL");
}

function startProcess(s: State, slot: number): OcrProcess {
  // Node with an IPC channel running the TypeScript source through tsx, as the server itself does,
  // from a one-line bootstrap: a path given to fork() would be taken by Next's bundler for a module
  // of the bundle, which it is not. Advanced serialization carries the image bytes as bytes. The
  // child is held while its models load (someone is waiting for them) and let go once idle.
  const bootstrap = `import(${JSON.stringify(pathToFileURL(processFile()).href)})`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", bootstrap], {
    // Only the first process detects pages (recognizeText): on as many threads as processes read a
    // page. The others recognise the lines it hands them and load no detector.
    env: { ...process.env, LEARNED_OCR_DETECT_THREADS: slot === 0 ? String(ocrProcesses()) : "0" },
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, Pending>();
  let settleReady!: { resolve(): void; reject(e: Error): void };
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
  ready.catch(() => undefined);
  const ocr: OcrProcess = { child, ready, pending };
  const loadTimer = setTimeout(() => {
    const error = new LearnedOcrUnavailableError(`not loaded after ${LOAD_TIMEOUT_MS / 1000} s`);
    settleReady.reject(error);
    failAll(ocr, error);
    dropProcess(s, ocr);
  }, LOAD_TIMEOUT_MS);
  loadTimer.unref();

  child.on("message", (reply: LearnedOcrReply) => {
    if (reply.type === "ready") {
      clearTimeout(loadTimer);
      if (pending.size === 0) setHeld(child, false);
      settleReady.resolve();
      return;
    }
    if (reply.type === "load_failed") {
      clearTimeout(loadTimer);
      const error = new LearnedOcrUnavailableError(reply.message);
      s.loadFailure = error;
      settleReady.reject(error);
      failAll(ocr, error);
      dropProcess(s, ocr);
      return;
    }
    const p = pending.get(reply.id);
    if (!p) return;
    if (reply.type === "handoff") {
      const onHandOff = p.onHandOff;
      p.onHandOff = undefined;
      onHandOff?.(reply.lines);
      return;
    }
    pending.delete(reply.id);
    clearTimeout(p.timer);
    if (pending.size === 0) setHeld(child, false);
    if (reply.type === "result") p.resolve({ lines: reply.lines, order: reply.order });
    else p.reject(new LearnedOcrError(`The learned OCR could not read the image: ${reply.message}`));
  });
  const onGone = (error: Error) => {
    clearTimeout(loadTimer);
    settleReady.reject(error);
    failAll(ocr, error);
    forget(s, ocr);
  };
  child.on("error", (error) => onGone(new LearnedOcrError(`The learned OCR process failed: ${error.message}`)));
  child.on("exit", (code, signal) => onGone(new LearnedOcrError(`The learned OCR process ended (${signal ?? `exit code ${code}`})`)));
  return ocr;
}

function ocrProcess(slot: number): OcrProcess {
  const s = state();
  if (s.loadFailure) throw s.loadFailure;
  return (s.ocrs[slot] ??= startProcess(s, slot));
}

/** Starts the OCR processes and waits for the models: throws LearnedOcrUnavailableError if they cannot load. */
export async function startLearnedOcr(): Promise<void> {
  await Promise.all(Array.from({ length: ocrProcesses() }, (_, slot) => ocrProcess(slot).ready));
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
 * `skip`: regions already read another way, in the same pixels; a line whose box's centre lies
 * in one is not recognised (its recognition is most of a line's cost). `maxSide`: the longer side,
 * in px, the page is detected at (default 960, the detector's own; small print on a large page
 * needs more, at ~3× the detection time for 1280 px).
 */
export async function recognizeText(
  image: Buffer | { data: Buffer | Uint8Array; width: number; height: number; channels: number },
  options: { skip?: readonly OcrSkipRegion[]; maxSide?: number } = {},
): Promise<OcrLine[]> {
  const payload = toImage(image);
  const of = ocrProcesses();
  // The first process detects the page and recognises every of-th line; the lines of the other
  // shares it hands back at once, and the other processes recognise them meanwhile.
  let handed: Promise<Share[]> = Promise.resolve([]);
  const first = ask(0, { type: "read", image: payload, ...options, ...(of > 1 && { share: { index: 0, of } }) }, (lines) => {
    handed = Promise.all(
      Array.from({ length: of - 1 }, (_, k) => ask(k + 1, { type: "recognise", lines: lines.filter((line) => line.place % of === k + 1) })),
    );
    handed.catch(() => undefined); // awaited below; a failure before then is not unhandled
  });
  const shares = [await first, ...(await handed)];
  // Back in the detector's order, joined into rows.
  const placed = shares.flatMap(({ lines, order }) => lines.map((line, i) => ({ line, at: order[i]! })));
  return joinRows(placed.sort((a, b) => a.at - b.at).map(({ line }) => line));
}

type Request = DistributiveOmit<LearnedOcrRequest, "id">;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** One request to the process in `slot`: its lines, unjoined; `onHandOff` gets the lines a "read" with a share hands back. */
async function ask(slot: number, request: Request, onHandOff?: (lines: HandedLine[]) => void): Promise<Share> {
  const t = ocrProcess(slot);
  await t.ready;
  const id = state().nextId++;
  return new Promise<Share>((resolve, reject) => {
    const timer = setTimeout(() => {
      t.pending.delete(id);
      reject(new LearnedOcrError(`The learned OCR took longer than ${CALL_TIMEOUT_MS / 1000} s`));
      // A stuck process is killed: the others waiting on it fail, the next call starts afresh.
      failAll(t, new LearnedOcrError("The learned OCR process was restarted after a timeout"));
      dropProcess(state(), t);
    }, CALL_TIMEOUT_MS);
    t.pending.set(id, { resolve, reject, timer, ...(onHandOff && { onHandOff }) });
    setHeld(t.child, true);
    if (!t.child.connected) return failAll(t, new LearnedOcrError("The learned OCR process is gone"));
    t.child.send({ ...request, id } as LearnedOcrRequest, (error) => {
      if (error) failAll(t, new LearnedOcrError(`The learned OCR process could not be reached: ${error.message}`));
    });
  });
}

/** Ends the OCR processes (tests, benches, shutdown); the next call starts new ones. */
export async function closeLearnedOcr(): Promise<void> {
  const s = holder[KEY];
  if (!s) return;
  const all = s.ocrs.filter((t): t is OcrProcess => !!t);
  s.ocrs = [];
  await Promise.all(all.map(closeProcess));
}

async function closeProcess(t: OcrProcess): Promise<void> {
  failAll(t, new LearnedOcrError("The learned OCR was closed"));
  if (t.child.exitCode !== null || t.child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => t.child.once("exit", () => resolve()));
  setHeld(t.child, true); // the caller waits for the exit
  t.child.kill("SIGKILL");
  await gone;
}
