import sharp from "sharp";
import { fail, ok, type Result } from "../shared/result";
import { FACE_EMBEDDING_DIMENSIONS, unitVector } from "./compare-faces";
import { withHuman } from "./load-human";

export interface FaceEmbedding {
  /** faceres descriptor of the largest face, scaled to unit length (FACE_EMBEDDING_DIMENSIONS). */
  embedding: number[];
  /** The face detector's confidence (0–1) for that face, at least FACE_MIN_DETECTION_SCORE. */
  detectionScore: number;
  /** That face's box in the uploaded image's pixels (after EXIF rotation): x, y, width, height. */
  box: [number, number, number, number];
  /** How many faces the image shows (the largest one is described). */
  faces: number;
}

/**
 * Detection runs on at most this many pixels per side: a 12 MP phone photo takes seconds and
 * hundreds of MB of tensors at full size, and a selfie's face stays far above the 256 px crop the
 * embedding is computed from.
 */
export const FACE_MAX_SIDE = 640;

/**
 * Detector confidence below which a detection is not taken as a face. Real faces in the sample
 * photos and their altered copies scored ≥ 0.6; false detections (hair, shadows at an edge) ≤ 0.3.
 */
export const FACE_MIN_DETECTION_SCORE = 0.5;

/** Embeds the largest face of a JPEG/PNG/WebP image on the CPU (~0.4 s; calls run one at a time). */
export async function embedFace(image: Buffer): Promise<Result<FaceEmbedding>> {
  let decoded: { data: Buffer; width: number; height: number; scale: number };
  try {
    decoded = await decode(image);
  } catch {
    return fail("invalid", "The image could not be read as a JPEG, PNG or WebP picture", { code: "unreadable_image" });
  }
  const { data, width, height, scale } = decoded;
  const faces = await withHuman(async (human) => {
    const input = human.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [height, width, 3], "int32");
    try {
      return (await human.detect(input)).face;
    } finally {
      human.tf.dispose(input);
    }
  });
  // The detector also reports faint "faces" in hair or shadows: only confident ones count.
  const found = faces.filter((face) => face.boxScore >= FACE_MIN_DETECTION_SCORE && face.embedding?.length === FACE_EMBEDDING_DIMENSIONS);
  const largest = found.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
  const embedding = largest?.embedding && unitVector(largest.embedding);
  if (!largest || !embedding) return fail("invalid", "No face was found in the image", { code: "no_face" });
  const [x, y, w, h] = largest.box.map((v) => Math.round(v / scale)) as [number, number, number, number];
  return ok({ embedding, detectionScore: largest.boxScore, box: [x, y, w, h], faces: found.length });
}

/** RGB pixels, EXIF-rotated, at most FACE_MAX_SIDE per side; `scale` = decoded ÷ original size. */
async function decode(image: Buffer) {
  const pipeline = sharp(image, { failOn: "error", limitInputPixels: 50_000_000 }).rotate();
  const meta = await pipeline.metadata();
  const portrait = (meta.orientation ?? 1) >= 5; // EXIF 5–8 swap width and height
  const originalWidth = (portrait ? meta.height : meta.width) ?? 0;
  const { data, info } = await pipeline
    .resize(FACE_MAX_SIDE, FACE_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 || !originalWidth) throw new Error(`unexpected decode: ${info.channels} channels`);
  return { data, width: info.width, height: info.height, scale: info.width / originalWidth };
}
