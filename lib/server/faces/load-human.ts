import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Config, GraphModel, Human, Tensor } from "@vladmandic/human";
import { confidentFaces, FACE_MIN_DETECTION_SCORE, largestFirst } from "./confident-faces";
import { describeFace, loadDescriptorNets, MESH_POINTS, type Mesh, type MeshBox, type Remesh } from "./describe-face";

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

/**
 * Where the packages are, resolved at run time by Node's own resolver (from the package's main
 * entry: "@vladmandic/human/package.json" is not exported). Reached through
 * process.getBuiltinModule so Next's bundler, which compiles this module into the console's
 * server code, leaves the resolution to Node instead of replacing it with its own module ids.
 */
function packagePaths() {
  const { createRequire } = process.getBuiltinModule("node:module") as typeof import("node:module");
  const nodeRequire = createRequire(import.meta.url);
  const humanDist = path.dirname(nodeRequire.resolve("@vladmandic/human"));
  return {
    humanDist,
    modelsDir: path.join(humanDist, "..", "models"),
    wasmDir: path.dirname(nodeRequire.resolve("@tensorflow/tfjs-backend-wasm")),
  };
}

/**
 * Detection (blazeface + face mesh). Human's own descriptor (faceres) is never loaded: a face is
 * described by face-api's ResNet-34 from dlib's chip, fitted on face-api's 68 landmarks found in the
 * mesh's square (describe-face.ts), switched on once the instance is loaded.
 */
const humanConfig = ({ wasmDir, modelsDir }: ReturnType<typeof packagePaths>): Partial<Config> => ({
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
    // Up to 4 faces (each costs a mesh and maybe a description), so a selfie with someone behind it is
    // noticed (FaceEmbedding.faces). Rotation correction: without it, faces tilted back (sample2#0)
    // were lost after small edits. The low floor keeps faint faces for embed-face's own gate.
    detector: { maxDetected: 4, minConfidence: 0.2, rotation: true, return: false },
    mesh: { enabled: true },
    iris: { enabled: false },
    attention: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
});

/** The shared instance, created and loaded on first use (about 1.5 s: Human's detector and mesh, face-api's 68 landmarks and ResNet-34). */
export function getHuman(): Promise<Human> {
  holder[KEY] ??= createHuman().catch((error: unknown) => {
    delete holder[KEY]; // a later call may try again
    throw error;
  });
  return holder[KEY];
}

/** Every face model loaded (for start-up and benches: the first face otherwise pays for it). */
export async function loadFaceModels(): Promise<void> {
  await getHuman();
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

type HumanClass = new (config: Partial<Config>) => Human;

async function createHuman(): Promise<Human> {
  // Imported by URL at run time: bundlers (Next's, for the console's server actions) must not try
  // to follow a path only known here; the package is a server external anyway.
  const paths = packagePaths();
  const url = pathToFileURL(path.join(paths.humanDist, "human.node-wasm.js")).href;
  const loaded = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as {
    Human?: HumanClass;
    default?: { Human: HumanClass };
  };
  const Human = loaded.Human ?? loaded.default!.Human;
  const human = new Human(humanConfig(paths));
  registerFileLoader(human.tf);
  await human.load();
  await human.init();
  const backend = human.tf.getBackend() as string | undefined;
  if (backend !== "wasm") throw new Error(`face models run on the "${backend}" backend, expected "wasm"`);
  describeWithResNet(human, await loadDescriptorNets(human.tf));
  // From here on "description" means the ResNet-34's, on by default as faceres' was (loaded
  // without it above, so faceres' weights are never read).
  human.config.face.description = { ...human.config.face.description, enabled: true };
  return human;
}

/*
 * Which faces are described after a second look, reframed (describe-face.ts reframedLandmarks):
 * every face of a still photo (embed-face.ts marks its pictures with describeWithReframe: a
 * document's portrait, a selfie still, a photo compared through the API), where a first mesh on a
 * poor box (a face filling its picture) lays the chip off. The frames of a selfie video are
 * described as they come: the look costs a second detection and mesh, and a judgement describes a
 * dozen frames. Measured on bench:liveness (quiet machine), looking again at every frame whose face
 * spanned 0.6 of it: judge p50 2.5 → 3.1 s, p95 3.3 → 4.0 s, same-person match median 0.960 →
 * 0.969, lowest 0.834 either way: no gain for its cost.
 */

/** Pictures whose faces are described after a second look. */
const reframed = new WeakSet<object>();

/** Marks a picture (a tensor) whose faces `detect` describes after a second look (above). */
export function describeWithReframe<T extends object>(input: T): T {
  reframed.add(input);
  return input;
}

/**
 * The instance's `detect` describes faces with the ResNet-34 instead of faceres: a caller asking
 * for `face.description` (embed-face, liveness's measure-frame) gets each meshed face's embedding
 * (128 numbers) in `face.embedding`, as Human would have put its own there. Faceres is switched
 * off for the call itself. Only tensor inputs are described (what every caller here passes).
 */
function describeWithResNet(human: Human, nets: Awaited<ReturnType<typeof loadDescriptorNets>>): void {
  const detect = human.detect.bind(human);
  human.detect = async (input, userConfig) => {
    const asked = userConfig?.face?.description?.enabled ?? human.config.face.description?.enabled ?? false;
    const face = { ...userConfig?.face, description: { ...userConfig?.face?.description, enabled: false } };
    const result = await detect(input, { ...userConfig, face } as Partial<Config>);
    // The second look (describe-face.ts reframedLandmarks): the mesh alone in the square the view put
    // the face in, or the detector and the mesh, as the call asked for them.
    const remesh: Remesh = async (view, box) => {
      if (box) return meshInBox(human, view, box);
      const again = await detect(view, { ...userConfig, face: { ...face, mesh: { ...face.mesh, enabled: true } } } as Partial<Config>);
      return largestFirst(confidentFaces(again.face))[0]?.mesh ?? null;
    };
    const tensor = asked && input instanceof human.tf.Tensor ? (input as InstanceType<typeof human.tf.Tensor>) : null;
    const second = tensor && reframed.has(tensor) ? remesh : undefined;
    if (second) {
      // A still is compared by its largest face alone (embed-face.ts): the others are counted, not
      // described. Each description of a still costs a second look and the ResNet-34, and describing
      // every face made a picture of three people three times as slow as a selfie.
      for (const found of largestFirst(confidentFaces(result.face))) {
        found.embedding = (await describeFace(human.tf, nets, tensor!, found.mesh, second)) ?? undefined;
        if (found.embedding) break;
      }
    } else {
      for (const found of result.face) {
        found.embedding = tensor ? ((await describeFace(human.tf, nets, tensor, found.mesh)) ?? undefined) : undefined;
      }
    }
    // Human keeps a call's settings (callers put theirs back); it keeps the one asked for here too.
    human.config.face.description = { ...human.config.face.description, enabled: asked };
    return result;
  };
}

/**
 * The face mesh of the face in `box` ([left, top, side] in `image`'s pixels) of `image`
 * ([height, width, 3], 0–255), without the detector: the square cut and scaled to the mesh's input
 * and read as Human reads the square its detector gives (facemesh.ts predict, without turning),
 * its points carried back to `image`'s pixels. Null when the mesh's own face score is under
 * FACE_MIN_DETECTION_SCORE (the square shows no face). A reframed view (describe-face.ts) puts the
 * face where the chip's template says, so the square is known and the detector (~20 ms of the
 * ~25 ms a detection and mesh cost on a 256 px view) has nothing to find.
 */
export async function meshInBox(human: Human, image: Tensor, box: MeshBox): Promise<Mesh | null> {
  const model = (human.models as unknown as { models: Record<string, GraphModel | null> }).models.facemesh;
  const size = model?.inputs[0]?.shape?.[2];
  if (!model || !size) throw new Error("the face mesh model is not loaded");
  const [left, top, side] = box;
  const [height, width] = image.shape as [number, number, number];
  const tf = human.tf;
  const crop = tf.tidy(() => {
    const batch = tf.expandDims(tf.cast(image, "float32")) as Parameters<Human["tf"]["image"]["cropAndResize"]>[0];
    const cut = tf.image.cropAndResize(
      batch,
      [[top / height, left / width, (top + side) / height, (left + side) / width]],
      [0],
      [size, size],
    );
    return tf.div(cut, 255);
  });
  const outputs = model.execute(crop) as Tensor[];
  try {
    const score = outputs.find((t) => t.shape[t.shape.length - 1] === 1);
    const points = outputs.find((t) => t.shape[t.shape.length - 1] === 3 * MESH_POINTS);
    if (!score || !points) throw new Error("the face mesh model gave no mesh");
    if ((await score.data())[0]! < FACE_MIN_DETECTION_SCORE) return null;
    const raw = await points.data();
    const scale = side / size;
    const mesh: [number, number, number][] = [];
    for (let i = 0; i < MESH_POINTS; i++) mesh.push([left + raw[3 * i]! * scale, top + raw[3 * i + 1]! * scale, raw[3 * i + 2]!]);
    return mesh;
  } finally {
    tf.dispose([crop, ...outputs]);
  }
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
        const json = JSON.parse(readFileSync(file, "utf8")) as ModelJson;
        const manifest = json.weightsManifest ?? [];
        const shards = manifest.flatMap((group) => group.paths.map((p) => readFileSync(path.join(path.dirname(file), p))));
        const data = Buffer.concat(shards);
        const weightData = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
        const weightSpecs = manifest.flatMap((group) => group.weights) as Parameters<typeof tf.io.decodeWeights>[1];
        foldRelu6(tf, json, weightSpecs, weightData);
        return tf.io.getModelArtifactsForJSON(json as never, async () => [weightSpecs, weightData]);
      },
    };
  });
}

interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
}
interface ModelJson {
  modelTopology?: { node?: GraphNode[] };
  weightsManifest?: WeightsGroup[];
}

/**
 * Keras' ReLU(max_value=6) reaches tfjs as Relu → Minimum(·, 6) → Maximum(·, 0) (faceres, the
 * descriptor: 27 times). On the WASM backend a binary op against a scalar takes the slow
 * broadcasting path: those two ops cost as much as the descriptor's convolutions. One Relu6 op
 * gives the same values (min(max(x, 0), 6) is exact), so the chain is replaced when its constants
 * really are 6 and 0 (read from the weights, not assumed from the names).
 */
function foldRelu6(tf: Human["tf"], json: ModelJson, specs: Parameters<typeof tf.io.decodeWeights>[1], weightData: ArrayBuffer): void {
  const nodes = json.modelTopology?.node;
  if (!nodes || !nodes.some((n) => n.op === "Minimum")) return;
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const uses = new Map<string, number>();
  for (const n of nodes) for (const input of n.input ?? []) uses.set(input, (uses.get(input) ?? 0) + 1);
  const weights = tf.io.decodeWeights(weightData, specs);
  try {
    const scalar = (name: string | undefined) => {
      const t = name === undefined ? undefined : weights[name];
      return t && t.size === 1 ? t.dataSync()[0] : undefined;
    };
    const removed = new Set<string>();
    for (const max of nodes) {
      if (max.op !== "Maximum" || max.input?.length !== 2) continue;
      const min = byName.get(max.input[0]!);
      if (min?.op !== "Minimum" || min.input?.length !== 2 || uses.get(min.name) !== 1) continue;
      const relu = byName.get(min.input[0]!);
      if (relu?.op !== "Relu" || relu.input?.length !== 1 || uses.get(relu.name) !== 1) continue;
      if (scalar(min.input[1]) !== 6 || scalar(max.input[1]) !== 0) continue;
      // The Maximum node keeps its name, so whatever reads it reads the Relu6.
      max.op = "Relu6";
      max.input = [relu.input[0]!];
      max.attr = relu.attr;
      removed.add(min.name).add(relu.name);
    }
    json.modelTopology!.node = nodes.filter((n) => !removed.has(n.name));
  } finally {
    tf.dispose(Object.values(weights));
  }
}
