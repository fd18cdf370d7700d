import { availableParallelism } from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { getConfig } from "@/lib/config";
import { asBuffer } from "./engine-buffers";
import type { EngineTask, EngineTaskResult } from "./engine-tasks";

/*
 * The engine pool: every CPU-heavy engine runs here, off the request thread: documents read,
 * selfies judged, faces described for the risk engine (engine-tasks.ts names the work). A pool of
 * worker threads sized to the cores (DOCUMENT_WORKERS): OCR and the face models are CPU-bound,
 * one core each, and a request thread busy for a second would stall every other request. One pool
 * per process, on globalThis (Next bundles its own copy of this module beside the custom
 * server's). A task that runs past TASK_TIMEOUT_MS is aborted (its thread is replaced), so no
 * upload can hang the server. The learned OCR a document thread uses is a child process of that
 * thread (documents/ocr/learned-ocr.ts says why), so replacing a thread never takes the server down.
 */

const TASK_TIMEOUT_MS = 60_000;
const KEY = Symbol.for("verity.engines.pool");
const holder = globalThis as { [KEY]?: Piscina };

function workerCount(): number {
  return getConfig().documents.workers ?? availableParallelism();
}

function ocrProcessesPerThread(): number {
  return Math.max(1, Math.floor(availableParallelism() / Math.max(1, workerCount())));
}

function pool(): Piscina {
  holder[KEY] ??= new Piscina({
    // Resolved from the app's root at run time: a path the bundler never sees. The thread runs the
    // TypeScript source through tsx, as the server itself does.
    filename: path.resolve(process.cwd(), "lib/server/engines/engine-thread.ts"),
    execArgv: ["--import", "tsx"],
    maxThreads: workerCount(),
    // The learned OCR's processes per thread (documents/ocr/learned-ocr.ts): the cores the threads
    // leave over, so a page is split over two processes only where a thread has two cores to itself.
    env: { ...process.env, LEARNED_OCR_PROCESSES: process.env.LEARNED_OCR_PROCESSES ?? String(ocrProcessesPerThread()) },
    minThreads: 0,
    idleTimeout: 10 * 60_000,
    maxQueue: "auto",
  });
  return holder[KEY];
}

export async function runEngineTask<T extends EngineTask>(task: T): Promise<EngineTaskResult<T>> {
  if (workerCount() === 0) {
    // In this thread (DOCUMENT_WORKERS=0, as the tests run): the task table, and with it every
    // engine, is loaded only then, so a process that only hands work to the pool (the risk
    // engine's requests, Next's pages) never loads the engines themselves (~25 MB, ~0.8 s).
    const { runTaskHere } = await import("./engine-tasks");
    return (await runTaskHere(task)) as EngineTaskResult<T>;
  }
  const result = (await pool().run(task, { signal: AbortSignal.timeout(TASK_TIMEOUT_MS) })) as EngineTaskResult<T>;
  return rewrap(result);
}

/** Buffers in a result come back as Uint8Arrays: make them Buffers again. */
function rewrap<T>(result: T): T {
  const r = result as { documentFace?: { crop: Uint8Array } | null; bestFrame?: Uint8Array | null };
  if (r.documentFace?.crop) r.documentFace.crop = asBuffer(r.documentFace.crop);
  if (r.bestFrame) r.bestFrame = asBuffer(r.bestFrame);
  return result;
}

/** Stops the pool's threads (tests, benches, shutdown). */
export async function closeEnginePool(): Promise<void> {
  const current = holder[KEY];
  delete holder[KEY];
  await current?.destroy();
}
