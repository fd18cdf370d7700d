import sharp from "sharp";
import { fail, ok, type Result } from "../shared/result";
import { FACE_EMBEDDING_DIMENSIONS, unitVector } from "./compare-faces";
import { confidentFaces, FACE_MIN_DETECTION_SCORE, largestFirst } from "./confident-faces";
import { MESH_POINTS } from "./describe-face";
import { describeWithReframe, withHuman } from "./load-human";

export interface FaceEmbedding {
  /** The largest face's descriptor (describe-face.ts), scaled to unit length (FACE_EMBEDDING_DIMENSIONS). */
  embedding: number[];
  /** The face detector's confidence (0–1) for that face, at least FACE_MIN_DETECTION_SCORE. */
  detectionScore: number;
  /** That face's box in the uploaded image's pixels (after EXIF rotation): x, y, width, height. */
  box: [number, number, number, number];
  /** How many faces the image shows (the largest one is described). */
  faces: number;
  /** Of those, how many are at least half as wide as the largest (the largest included). */
  comparableFaces: number;
}

/**
 * Detection runs on at most this many pixels per side: a 12 MP phone photo takes seconds and
 * hundreds of MB of tensors at full size, and a selfie's face stays far above the 256 px crop the
 * embedding is computed from.
 */
export const FACE_MAX_SIDE = 640;

/**
 * A face narrower than this many pixels (the detector's box, in the copy it is described from: at
 * most FACE_MAX_SIDE per side) is refused as `face_too_small` rather than compared: its 150 px
 * crop is mostly made-up detail and a genuine person would be refused as someone else. Measured on
 * the deepface same-person pairs, the selfie shrunk until its face was W px wide
 * (`npm run bench:faces:real`, section 5; bands 0.68 / 0.50): at 40 px 4/38 fail and 16/38 pass,
 * at 48 px 1/38 fails (the 20-year pair) and 18/38 pass, at 64 px 33/38 pass, at 96 px 37/38.
 * Between 48 and ~96 px the comparison still holds, but more people land in review.
 */
export const FACE_MIN_SIDE = 48;

/** What embedFace answers: plain data, so it crosses the engine pool's threads as it is. */
export type FaceEmbeddingResult = Result<FaceEmbedding>;

/** Embeds the largest face of a JPEG/PNG/WebP image on the CPU (~0.3 s; calls run one at a time). `minSide` overrides FACE_MIN_SIDE (benches). */
export async function embedFace(image: Buffer, options: { minSide?: number } = {}): Promise<FaceEmbeddingResult> {
  const detected = await detectFaces(image, true);
  if (!detected.ok) return detected;
  const { faces, scale } = detected.value;
  // Every confident face with a whole mesh is counted; the largest that could be described is the
  // picture's face (load-human.ts describes a still's faces largest first until one is described).
  const found = confidentFaces(faces).filter((face) => face.mesh.length >= MESH_POINTS);
  const largest = largestFirst(found).find((face) => face.embedding?.length === FACE_EMBEDDING_DIMENSIONS);
  const embedding = largest?.embedding && unitVector(largest.embedding);
  if (!largest || !embedding) return fail("invalid", "No face was found in the image", { code: "no_face" });
  if (largest.box[2] < (options.minSide ?? FACE_MIN_SIDE)) {
    return fail("invalid", "The face in the image is too small to compare; take the picture closer", { code: "face_too_small" });
  }
  // Another face at least half as wide as the largest: a second person, not a face in the background.
  const comparable = found.filter((face) => face.box[2] >= largest.box[2] / 2).length;
  return ok({
    embedding,
    detectionScore: largest.boxScore,
    box: toOriginal(largest.box, scale),
    faces: found.length,
    comparableFaces: comparable,
  });
}

export interface LocatedFace extends Omit<FaceEmbedding, "embedding" | "comparableFaces"> {
  /** Every confident face's width in the picture's pixels, largest first. */
  faceWidths: number[];
  /** The picture's [width, height] after EXIF rotation. */
  imageSize: [number, number];
}

/**
 * Where the largest confident face is, without describing it: the detector alone (no face mesh,
 * no descriptor), for callers that describe a crop of their own (document-face.ts's first pass:
 * about half the work of embedFace on a page with a portrait and its ghost image).
 */
export async function locateFace(image: Buffer): Promise<Result<LocatedFace>> {
  const detected = await detectFaces(image, false);
  if (!detected.ok) return detected;
  const { faces, scale, imageSize } = detected.value;
  const found = largestFirst(confidentFaces(faces));
  const largest = found[0];
  if (!largest) return fail("invalid", "No face was found in the image", { code: "no_face" });
  // The picture's own size (after EXIF rotation) comes along: a caller cutting the face out needs it.
  const widths = found.map((face) => Math.round(face.box[2] / scale));
  return ok({ detectionScore: largest.boxScore, box: toOriginal(largest.box, scale), faces: found.length, faceWidths: widths, imageSize });
}

const toOriginal = (box: readonly number[], scale: number) => box.map((v) => Math.round(v / scale)) as [number, number, number, number];

async function detectFaces(image: Buffer, describe: boolean) {
  let decoded: Awaited<ReturnType<typeof decodeFacePicture>>;
  try {
    decoded = await decodeFacePicture(image);
  } catch {
    return fail("invalid", "The image could not be read as a JPEG, PNG or WebP picture", { code: "unreadable_image" });
  }
  const { data, width, height, scale, imageSize } = decoded;
  const faces = await withHuman(async (human) => {
    // Human merges a call's settings into the shared instance's for good: its own are put back after.
    const saved = structuredClone(human.config);
    const input = human.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [height, width, 3], "int32");
    // No turning of the face upright before the mesh: the chip the descriptor reads is fitted to the
    // landmarks with their roll (face-chip.ts), and the turn misplaced the mesh on real faces (a
    // face with painted eyes read 37° off; issue 34, population: highest impostor 0.624 → 0.573, TAR
    // at FMR 1e-3 96.4 → 98.2 %; rolls of ±15° keep their band 100 % in bench:faces:invariance).
    const face = { detector: { rotation: false }, mesh: { enabled: describe }, description: { enabled: describe } };
    const detect = async (tensor: typeof input) => (await human.detect(tensor, { face } as Parameters<typeof human.detect>[1])).face;
    try {
      // Each face of a still is described after a second look, reframed (load-human.ts, describe-face.ts).
      const found = await detect(describeWithReframe(input));
      if (found.some((f) => f.boxScore >= FACE_MIN_DETECTION_SCORE)) return found;
      // A face that fills the picture (a tight crop, a document's portrait cut to the face) is too
      // big for the detector's anchors: seen again on a grey canvas with room around it, it is found.
      const pad = Math.round(PADDING_SHARE * Math.max(width, height));
      const padded = human.tf.pad(
        input,
        [
          [pad, pad],
          [pad, pad],
          [0, 0],
        ],
        128,
      );
      try {
        const again = await detect(describeWithReframe(padded));
        return again.map((f) => ({ ...f, box: [f.box[0] - pad, f.box[1] - pad, f.box[2], f.box[3]] as typeof f.box }));
      } finally {
        human.tf.dispose(padded);
      }
    } finally {
      human.tf.dispose(input);
      human.config = saved;
    }
  });
  return ok({ faces, scale, imageSize });
}

/**
 * The grey border put around a picture in which no face was found, as a share of its longer side
 * on each side: the face filling a 125 px crop then fills about half of the canvas, as faces in the
 * detector's training pictures do.
 */
const PADDING_SHARE = 0.5;

/** RGB pixels, EXIF-rotated, at most FACE_MAX_SIDE per side; `scale` = decoded ÷ original size; `imageSize` the original's [width, height]. */
export async function decodeFacePicture(image: Buffer) {
  const pipeline = sharp(image, { failOn: "error", limitInputPixels: 50_000_000 }).rotate();
  const meta = await pipeline.metadata();
  const portrait = (meta.orientation ?? 1) >= 5; // EXIF 5–8 swap width and height
  const originalWidth = (portrait ? meta.height : meta.width) ?? 0;
  const originalHeight = (portrait ? meta.width : meta.height) ?? 0;
  const resized = pipeline.resize(FACE_MAX_SIDE, FACE_MAX_SIDE, { fit: "inside", withoutEnlargement: true });
  const shrunk = Math.max(originalWidth, originalHeight) > FACE_MAX_SIDE;
  // A picture with its own colour profile (most phone photos) is turned into sRGB through it after
  // the shrink, not before: sharp otherwise converts every pixel of the full-size picture (a 1.5 MP
  // press photo: 44 → 32 ms of decoding). The shrunk copy keeps its profile in an uncompressed TIFF
  // and is converted there; an sRGB-profiled picture gives the same bytes either way, a Display P3
  // one a few levels of 255 apart at edges (mean under 0.25: the order of the shrink and the conversion).
  const source = meta.icc && shrunk ? sharp(await resized.keepIccProfile().tiff({ compression: "none" }).toBuffer()) : resized;
  const { data, info } = await source.removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 || !originalWidth) throw new Error(`unexpected decode: ${info.channels} channels`);
  return {
    data,
    width: info.width,
    height: info.height,
    scale: info.width / originalWidth,
    imageSize: [originalWidth, originalHeight] as [number, number],
  };
}
