import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Human } from "@vladmandic/human";
import { chipTransform } from "./face-chip";

/*
 * The face descriptor: dlib's ResNet-34 face recognition network as @vladmandic/face-api ships it
 * (`face_recognition_model`, 128 numbers), fed the crop it was trained on: dlib's 150 × 150 face
 * chip (face-chip.ts: the similarity transform laying the eyes, nose and upper lip onto dlib's mean
 * face, padding 0.25), its landmarks taken from Human's face mesh.
 *
 * The chip replaced a crop of face-api's own making (the 68 landmarks' box grown by 20 %, turned so
 * the eyes are level), measured on every real pair the team had (issue 34; product path, first
 * photo as the document's portrait; bands 0.68 / 0.50 then):
 *   deepface 38 same / 262 different: same person lowest 0.510 → 0.572, median 0.865 → 0.911;
 *     different people highest 0.472 → 0.501;
 *   faces-2's face_recognition people (14 same / 77 different): same person in pass 4/14 → 12/14,
 *     median 0.625 → 0.798; different people highest 0.489 → 0.311;
 *   bench:faces:invariance (transformed photos keeping their band): deepface 96.7 → 99.2 %,
 *     face_recognition 87.1 → 95.1 %.
 * Tried and not taken (issue 34; bench:faces:population, 55 genuine / 3,427 impostor pairs; genuine
 * lowest, impostor highest, TAR at FMR 1e-3; this chip: 0.539, 0.573, 98.2 % at > 0.539):
 *   the chip fitted on the 5 points of dlib's 5-point model (eye corners, nose base): 0.508,
 *     0.610, 98.2 % — the impostors rise;
 *   an average pool to the chip's scale before the cut (anti-aliasing, as dlib's pyramid does):
 *     no change measured (few faces in the 640 px copy are over twice the chip's scale);
 *   the chip fitted on dlib's own 68 landmarks as face-api's 68-landmark network finds them in the
 *     mesh's square: 0.579, 0.579, 100 % at > 0.553 — better at the tail, but on one demo face
 *     (sample1#2) the network's points sit 0.21 of the eye distance from the mesh's, and the face and
 *     its mirror image then scored 0.26 against each other (embed-face.test.ts's mirror test): not
 *     taken without a guard measured on more faces.
 * Chosen over Human's own faceres earlier (at its own bands faceres passed 25 of 38 deepface
 * same-person pairs, its same and different people overlapping); the test-time flip (the crop and
 * its mirror described and added) was measured then and not taken (it raised different people as
 * much as the same person).
 *
 * One tfjs: face-api's node-wasm build and Human's both `require` @tensorflow/tfjs-core and
 * tfjs-backend-wasm (externals, not bundled copies), so they share one engine, one kernel registry
 * and the WASM backend Human initialised; a tensor of one is a tensor of the other. The network is
 * loaded after Human has set the backend (face-api never sets one itself), and it runs on the same
 * queue as Human (load-human.ts's withHuman), never concurrently.
 */

/** The descriptor's name, stored beside every embedding (network_faces.model). */
export const FACE_MODEL = "faceapi-resnet34-dlibchip";
/** The descriptor's length. */
export const FACE_DESCRIPTOR_LENGTH = 128;
/** The network's input side in pixels. */
const INPUT_SIDE = 150;
/** Mesh points needed (MediaPipe's face mesh without the iris refinement). */
export const MESH_POINTS = 468;

interface RecognitionNet {
  loadFromDisk(directory: string): Promise<void>;
  computeFaceDescriptor(input: unknown): Promise<Float32Array | Float32Array[]>;
  isLoaded: boolean;
}

type Tf = Human["tf"];
/** Mesh points as Human gives them: [x, y, z?] in the input's pixels. */
type Mesh = readonly (readonly (number | undefined)[])[];
type Tensor = ReturnType<Tf["tensor"]>;

/** face-api's recognition network, loaded from the package's model folder onto Human's tfjs. */
export async function loadRecognitionNet(tf: Tf): Promise<RecognitionNet> {
  const { createRequire } = process.getBuiltinModule("node:module") as typeof import("node:module");
  const nodeRequire = createRequire(import.meta.url);
  const dist = path.dirname(nodeRequire.resolve("@vladmandic/face-api"));
  // Imported by URL at run time, as Human is (load-human.ts): bundlers must not follow it.
  const url = pathToFileURL(path.join(dist, "face-api.node-wasm.js")).href;
  const loaded = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as FaceApi & { default?: FaceApi };
  const faceapi = loaded.nets ? loaded : loaded.default!;
  if (faceapi.tf.engine() !== tf.engine()) throw new Error("face-api and Human loaded different copies of tfjs");
  const net = faceapi.nets.faceRecognitionNet;
  if (!net.isLoaded) await net.loadFromDisk(path.join(dist, "..", "model"));
  return net;
}

interface FaceApi {
  nets: { faceRecognitionNet: RecognitionNet };
  tf: { engine(): unknown };
}

/**
 * The 150 × 150 chip the network describes (face-chip.ts), from `image` ([height, width, 3],
 * 0–255) and the face's `mesh` (points in its pixels); outside the picture black (dlib and face-api
 * pad with zeros too). Float32 [1, 150, 150, 3], 0–255. Null when the mesh lacks a point it needs.
 */
export function alignedCrop(tf: Tf, image: Tensor, mesh: Mesh): Tensor | null {
  const chip = chipTransform(mesh, INPUT_SIDE);
  if (!chip) return null;
  return tf.tidy(() => {
    const batch = tf.expandDims(tf.cast(image, "float32")) as Parameters<Tf["image"]["transform"]>[0];
    // Output pixel (p, q) shows picture point (a·p − c·q + bx, c·p + a·q + by).
    return tf.image.transform(batch, tf.tensor2d([[...chip, 0, 0]]), "bilinear", "constant", 0, [INPUT_SIDE, INPUT_SIDE]);
  });
}

/** The descriptor of the face whose mesh is given, in `image` ([height, width, 3], 0–255). */
export async function describeFace(tf: Tf, net: RecognitionNet, image: Tensor, mesh: Mesh): Promise<number[] | null> {
  if (mesh.length < MESH_POINTS) return null;
  const crop = alignedCrop(tf, image, mesh);
  if (!crop) return null;
  try {
    const descriptor = (await net.computeFaceDescriptor(crop)) as Float32Array;
    return descriptor.length === FACE_DESCRIPTOR_LENGTH && descriptor.every(Number.isFinite) ? Array.from(descriptor) : null;
  } finally {
    tf.dispose(crop);
  }
}
