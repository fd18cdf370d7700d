import { availableParallelism } from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { getConfig } from "@/lib/config";
import { asBuffer, runTaskHere, type DocumentTask, type DocumentTaskResult } from "./tasks";

/*
 * Documents are read (and selfies judged) off the request thread, in a pool of worker threads sized to the cores
 * (DOCUMENT_WORKERS): OCR and the face model are CPU-bound WASM, one core each, and a request
 * thread busy for a second would stall every other request. One pool per process, on globalThis
 * (Next bundles its own copy of this module beside the custom server's). A task that runs past
 * TASK_TIMEOUT_MS is aborted (its thread is replaced), so no document can hang the server.
 */

const TASK_TIMEOUT_MS = 60_000;
const KEY = Symbol.for("verity.documents.pool");
const holder = globalThis as { [KEY]?: Piscina };

function workerCount(): number {
  return getConfig().documents.workers ?? availableParallelism();
}

function pool(): Piscina {
  holder[KEY] ??= new Piscina({
    // Resolved from the app's root at run time: a path the bundler never sees. The thread runs the
    // TypeScript source through tsx, as the server itself does.
    filename: path.resolve(process.cwd(), "lib/server/documents/pool/worker.ts"),
    execArgv: ["--import", "tsx"],
    maxThreads: workerCount(),
    minThreads: 0,
    idleTimeout: 10 * 60_000,
    maxQueue: "auto",
  });
  return holder[KEY];
}

export async function runDocumentTask<T extends DocumentTask>(task: T): Promise<DocumentTaskResult<T>> {
  if (workerCount() === 0) return (await runTaskHere(task)) as DocumentTaskResult<T>;
  const result = (await pool().run(task, { signal: AbortSignal.timeout(TASK_TIMEOUT_MS) })) as DocumentTaskResult<T>;
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
export async function closeDocumentPool(): Promise<void> {
  const current = holder[KEY];
  delete holder[KEY];
  await current?.destroy();
}
