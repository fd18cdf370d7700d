import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Human } from "@vladmandic/human";

/*
 * The face descriptor: dlib's ResNet-34 face recognition network as @vladmandic/face-api ships it
 * (`face_recognition_model`, 128 numbers), fed a 150 × 150 crop aligned from Human's face mesh.
 * Chosen over Human's own faceres on real photographs (`npm run bench:faces:real`, deepface's 38
 * same-person and 262 different-person pairs): at its own bands faceres passed 25 of 38 same-person
 * pairs, and its same- and different-person scores overlapped; this descriptor leaves a clean gap
 * (same person ≥ 0.510, different ≤ 0.472 on the face score) and passes 37 of 38 (figures in
 * documents/face-match.ts). A combination with faceres (weighted cosines) widened the deepface gap
 * but not once face-api's demo photos were counted too: not worth faceres' time and memory.
 * Describing the crop and its mirror image and adding the two (test-time flip) was measured too:
 * deepface same person lowest 0.510 → 0.585, tight greyscale crops × 1.2 36 → 37 of 38 passed,
 * different people highest 0.472 → 0.474; but face-api's demo people rose with them (pairs at
 * ≥ 0.68: 3 → 12 of 231, highest 0.720 → 0.789), so the bands would have to rise as far, for
 * ~20 ms more a face. Not taken.
 *
 * One tfjs: face-api's node-wasm build and Human's both `require` @tensorflow/tfjs-core and
 * tfjs-backend-wasm (externals, not bundled copies), so they share one engine, one kernel registry
 * and the WASM backend Human initialised; a tensor of one is a tensor of the other. The network is
 * loaded after Human has set the backend (face-api never sets one itself), and it runs on the same
 * queue as Human (load-human.ts's withHuman), never concurrently.
 *
 * The crop copies face-api's own alignment (FaceLandmarks.align: the bounding box of the 68
 * landmarks, grown by 20 %, padded to a square) with one change: the face is first turned so the
 * eyes are level (roll). Measured on the deepface pairs (raw Euclidean distance, the widest gap
 * between the highest same-person and the lowest different-person distance): Human's own 256 px
 * face crop overlapped on 20 pairs; the upright box left a gap of 0.008, the turned box 0.062
 * (grown by 10 %: overlap; by 30 %: 0.017).
 */

/** The descriptor's name, stored beside every embedding (network_faces.model). */
export const FACE_MODEL = "faceapi-resnet34";
/** The descriptor's length. */
export const FACE_DESCRIPTOR_LENGTH = 128;
/** The network's input side in pixels. */
const INPUT_SIDE = 150;
/** The landmark box is grown by this share of its width and height (face-api's default minBoxPadding). */
const BOX_PADDING = 0.2;

/**
 * Mesh points (MediaPipe's 468-point face mesh) standing for dlib's 68 landmarks: the jaw line,
 * the eyebrows, the nose, the eyes and the lips. Only their bounding box is used.
 */
const LANDMARKS = [
  // jaw, ear to ear through the chin
  127, 234, 93, 132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454, 356,
  // eyebrows
  70, 63, 105, 66, 107, 336, 296, 334, 293, 300,
  // nose
  168, 6, 197, 195, 5, 4, 1, 19, 94, 2, 98, 327,
  // eyes
  33, 160, 158, 133, 153, 144, 362, 385, 387, 263, 373, 380,
  // lips
  61, 39, 37, 0, 267, 269, 291, 405, 314, 17, 84, 181, 78, 82, 13, 312, 308, 317, 14, 87,
];
/** The eyes' corners, for the roll: the subject's right eye (image left) and left eye. */
const RIGHT_EYE = [33, 133];
const LEFT_EYE = [263, 362];
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
 * The 150 × 150 crop the network describes, aligned from `mesh` (points in `image`'s pixels):
 * turned so the eyes are level, the landmarks' box grown by 20 % and made square, outside the
 * picture black (face-api pads with zeros too). Pixel values 0–255 (float32, [1, 150, 150, 3]).
 */
export function alignedCrop(tf: Tf, image: Tensor, mesh: Mesh): Tensor {
  const mean = (points: number[]) =>
    [0, 1].map((axis) => points.reduce((sum, i) => sum + mesh[i]![axis]!, 0) / points.length) as [number, number];
  const [rx, ry] = mean(RIGHT_EYE);
  const [lx, ly] = mean(LEFT_EYE);
  const roll = Math.atan2(ly - ry, lx - rx);
  const cos = Math.cos(roll);
  const sin = Math.sin(roll);
  // The landmarks in a frame turned by −roll (eyes level): their box there.
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const i of LANDMARKS) {
    const [x, y] = mesh[i]! as [number, number];
    const u = cos * x + sin * y;
    const v = -sin * x + cos * y;
    x0 = Math.min(x0, u);
    x1 = Math.max(x1, u);
    y0 = Math.min(y0, v);
    y1 = Math.max(y1, v);
  }
  const side = Math.max(x1 - x0, y1 - y0) * (1 + BOX_PADDING);
  const k = side / INPUT_SIDE;
  const u0 = (x0 + x1) / 2 - side / 2;
  const v0 = (y0 + y1) / 2 - side / 2;
  // Output pixel (p, q) ↦ turned frame (u0 + k p, v0 + k q) ↦ picture (turned back by +roll).
  const transform = [cos * k, -sin * k, cos * u0 - sin * v0, sin * k, cos * k, sin * u0 + cos * v0, 0, 0];
  return tf.tidy(() => {
    const batch = tf.expandDims(tf.cast(image, "float32")) as Parameters<Tf["image"]["transform"]>[0];
    return tf.image.transform(batch, tf.tensor2d([transform]), "bilinear", "constant", 0, [INPUT_SIDE, INPUT_SIDE]);
  });
}

/** The descriptor of the face whose mesh is given, in `image` ([height, width, 3], 0–255). */
export async function describeFace(tf: Tf, net: RecognitionNet, image: Tensor, mesh: Mesh): Promise<number[] | null> {
  if (mesh.length < MESH_POINTS) return null;
  const crop = alignedCrop(tf, image, mesh);
  try {
    const descriptor = (await net.computeFaceDescriptor(crop)) as Float32Array;
    return descriptor.length === FACE_DESCRIPTOR_LENGTH && descriptor.every(Number.isFinite) ? Array.from(descriptor) : null;
  } finally {
    tf.dispose(crop);
  }
}
