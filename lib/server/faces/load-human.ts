import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Config, Human } from "@vladmandic/human";

/*
 * One Human instance per process on tfjs's WASM backend (STACK.md, "Face pipeline on CPU"):
 * - the package's exports map sends Node to dist/human.node.js, which needs tfjs-node (it cannot
 *   install here), so dist/human.node-wasm.js is loaded by path;
 * - Node 20's fetch cannot read file:// URLs, so a tf.io load router reads the models from disk;
 * - cacheSensitivity 0 and skipAllowed false: every call is a fresh image, never a video frame
 *   whose results may be reused from the previous one.
 * Next bundles its own copy of this module beside the custom server's, so the instance lives on
 * globalThis: two instances would hold the ~60 MB of weights (and a WASM heap) twice.
 */

const KEY = Symbol.for("idv.faces.human");
type Holder = { [KEY]?: Promise<Human> };
const holder = globalThis as Holder;

// Resolved from the package's main entry: "@vladmandic/human/package.json" is not exported.
const require = createRequire(import.meta.url);
const humanDist = path.dirname(require.resolve("@vladmandic/human"));
const modelsDir = path.join(humanDist, "..", "models");
const wasmDir = path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"));

/** Detection (blazeface + face mesh, for the 256 px aligned crop) and description (faceres) only. */
const HUMAN_CONFIG: Partial<Config> = {
  backend: "wasm",
  wasmPath: `${wasmDir}${path.sep}`,
  modelBasePath: `${pathToFileURL(modelsDir).href}/`,
  cacheModels: false,
  cacheSensitivity: 0,
  skipAllowed: false,
  warmup: "none",
  debug: false,
  async: true,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    // A few faces, so a selfie with someone behind it is noticed (FaceEmbedding.faces).
    detector: { maxDetected: 8, minConfidence: 0.2, rotation: true, return: false },
    mesh: { enabled: true },
    iris: { enabled: false },
    attention: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: true },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
};

/** The shared instance, created and loaded on first use (well under a second when warm on disk). */
export function getHuman(): Promise<Human> {
  holder[KEY] ??= createHuman().catch((error: unknown) => {
    delete holder[KEY]; // a later call may try again
    throw error;
  });
  return holder[KEY];
}

const QUEUE = Symbol.for("idv.faces.queue");
type QueueHolder = { [QUEUE]?: Promise<unknown> };
const queueHolder = globalThis as QueueHolder;

/**
 * Runs `task` with the shared instance once every earlier task has finished. The WASM backend uses
 * one core and one heap: concurrent detections would only interleave and each keep its own
 * intermediate tensors alive, so parallel requests wait their turn instead.
 */
export function withHuman<T>(task: (human: Human) => Promise<T>): Promise<T> {
  const previous = queueHolder[QUEUE] ?? Promise.resolve();
  const run = previous.then(async () => task(await getHuman()));
  queueHolder[QUEUE] = run.catch(() => undefined);
  return run;
}

async function createHuman(): Promise<Human> {
  const { Human } = require(path.join(humanDist, "human.node-wasm.js")) as { Human: new (config: Partial<Config>) => Human };
  const human = new Human(HUMAN_CONFIG);
  registerFileLoader(human.tf);
  await human.load();
  await human.init();
  const backend = human.tf.getBackend() as string | undefined;
  if (backend !== "wasm") throw new Error(`face models run on the "${backend}" backend, expected "wasm"`);
  return human;
}

interface WeightsGroup {
  paths: string[];
  weights: unknown[];
}

/** A tf.io router for file:// model URLs: model.json plus its weight shards, read from disk. */
function registerFileLoader(tf: Human["tf"]): void {
  const registered = tf as { __idvFileLoader?: boolean };
  if (registered.__idvFileLoader) return;
  registered.__idvFileLoader = true;
  tf.io.registerLoadRouter((url: unknown) => {
    if (typeof url !== "string" || !url.startsWith("file://")) return null;
    const file = fileURLToPath(url);
    return {
      load: async () => {
        const json = JSON.parse(readFileSync(file, "utf8"));
        return tf.io.getModelArtifactsForJSON(json, async (manifest: WeightsGroup[]) => {
          const shards = manifest.flatMap((group) => group.paths.map((p) => readFileSync(path.join(path.dirname(file), p))));
          const data = Buffer.concat(shards);
          const weightData = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
          return [manifest.flatMap((group) => group.weights), weightData];
        });
      },
    };
  });
}
