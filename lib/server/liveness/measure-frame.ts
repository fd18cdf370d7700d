import type { Config, FaceResult } from "@vladmandic/human";
import sharp from "sharp";
import { FACE_EMBEDDING_DIMENSIONS, unitVector } from "../faces/compare-faces";
import { FACE_MIN_DETECTION_SCORE } from "../faces/embed-face";
import { withHuman } from "../faces/load-human";
import { eyeAspect, type Point } from "./face-shape";

/*
 * One selfie frame measured on the shared Human instance. The judge needs more than the live risk
 * engine's configuration gives (iris refinement of the eyelids, the two anti-spoof models) and only
 * sometimes the descriptor, so each call switches those options on for itself and puts the
 * instance's configuration back afterwards: Human merges a call's options into its own config
 * for good, and embed-face must keep getting what it was set up for.
 */

/** Frames are measured at most this many pixels per side: the mesh and iris crops are fixed-size. */
export const LIVENESS_MAX_SIDE = 480;

export interface FrameMeasure {
  /** Confident faces in the frame (detection score ≥ FACE_MIN_DETECTION_SCORE, at least a third of the largest's width). */
  faces: number;
  /** Mean luma 0–255 of the decoded frame. */
  brightness: number;
  width: number;
  height: number;
  face: null | {
    /** Degrees, Human's sign: positive = the nose towards the left of the (unmirrored) image. */
    yaw: number;
    pitch: number;
    /** Eye aspect ratio, mean of both eyes (lid opening ÷ eye width). */
    ear: number;
    /**
     * Mouth corner distance ÷ the face's width at the mouth's own height (jaw points 58–288): a
     * picture tilted towards the camera enlarges both alike, a smile only the first.
     */
    mouth: number;
    /**
     * Nose length (bridge 168 to base 2) ÷ face width (234–454): the face's shape, which no
     * expression changes much. In the image plane: the mesh's depth did not undo a tilted print's
     * squash (eye aspect ratio with depth 0.61 and 0.71 of rest where the flat one read 0.60 and
     * 0.70, two prints tilted 55°), so it adds nothing here.
     */
    nose: number;
    /** Face height (bridge 168 to chin 152) ÷ face width (234–454). */
    height: number;
    /** Human's anti-spoof (`real`) and liveness (`live`) scores, 0–1. */
    real: number;
    live: number;
    /** Human's 468 mesh points in the decoded frame's pixels (image plane), for face-shape.ts. */
    points: Point[];
    /** Box in the decoded frame's pixels. */
    box: [number, number, number, number];
    embedding: number[] | null;
  };
}

const deg = (rad: number | undefined) => ((rad ?? 0) * 180) / Math.PI;

function options(embed: boolean): Partial<Config> {
  return {
    face: {
      iris: { enabled: true },
      antispoof: { enabled: true },
      liveness: { enabled: true },
      description: { enabled: embed },
    },
  } as Partial<Config>;
}

/** Raw RGB at most `maxSide` per side, EXIF-rotated; null when the bytes are not an image. */
export async function decodeFrame(image: Buffer, maxSide = LIVENESS_MAX_SIDE) {
  try {
    const { data, info } = await sharp(image, { failOn: "error", limitInputPixels: 20_000_000 })
      .rotate()
      .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) return null;
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

export async function detectFaces(pixels: { data: Buffer; width: number; height: number }, embed: boolean): Promise<FaceResult[]> {
  return withHuman(async (human) => {
    const saved = structuredClone(human.config);
    const input = human.tf.tensor3d(
      new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength),
      [pixels.height, pixels.width, 3],
      "int32",
    );
    try {
      return (await human.detect(input, options(embed))).face;
    } finally {
      human.tf.dispose(input);
      human.config = saved;
    }
  });
}

export async function measureFrame(image: Buffer, embed: boolean): Promise<FrameMeasure | null> {
  const pixels = await decodeFrame(image);
  if (!pixels) return null;
  const brightness = meanLuma(pixels.data);
  const found = (await detectFaces(pixels, embed)).filter((f) => f.boxScore >= FACE_MIN_DETECTION_SCORE);
  const largest = found.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
  const base = { brightness, width: pixels.width, height: pixels.height };
  if (!largest || largest.mesh.length < 468) return { ...base, faces: 0, face: null };
  // A far smaller "face" beside the person is mostly a poster or a false detection in the background.
  const faces = found.filter((f) => f.box[2] >= largest.box[2] / 3).length;
  const m = largest.mesh;
  const d = (a: number, b: number) => Math.hypot(m[a]![0] - m[b]![0], m[a]![1] - m[b]![1]);
  const points = m.slice(0, 468).map((p) => [p[0], p[1]] as Point);
  const embedding = embed && largest.embedding?.length === FACE_EMBEDDING_DIMENSIONS ? unitVector(largest.embedding) : null;
  return {
    ...base,
    faces,
    face: {
      yaw: deg(largest.rotation?.angle.yaw),
      pitch: deg(largest.rotation?.angle.pitch),
      ear: eyeAspect(points),
      mouth: d(61, 291) / (d(58, 288) || 1),
      nose: d(168, 2) / (d(234, 454) || 1),
      height: d(168, 152) / (d(234, 454) || 1),
      real: largest.real ?? 0,
      live: largest.live ?? 0,
      points,
      box: largest.box.map(Math.round) as [number, number, number, number],
      embedding,
    },
  };
}

function meanLuma(rgb: Buffer): number {
  let sum = 0;
  let n = 0;
  // Every 7th pixel is plenty for a brightness estimate.
  for (let i = 0; i + 2 < rgb.length; i += 21) {
    sum += 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
    n++;
  }
  return n ? sum / n : 0;
}
