import type { Config, FaceResult } from "@vladmandic/human";
import sharp from "sharp";
import { FACE_EMBEDDING_DIMENSIONS, unitVector } from "../faces/compare-faces";
import { confidentFaces, largestFirst } from "../faces/confident-faces";
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
  /** Confident faces in the frame (embed-face.ts confidentFaces, at least a third of the largest's width). */
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
    /** Human's anti-spoof (`real`) and liveness (`live`) scores, 0–1; null on a frame they were not run on. */
    real: number | null;
    live: number | null;
    /** Human's 468 mesh points in the decoded frame's pixels (image plane), for face-shape.ts. */
    points: Point[];
    /** Box in the decoded frame's pixels. */
    box: [number, number, number, number];
    embedding: number[] | null;
  };
}

const deg = (rad: number | undefined) => ((rad ?? 0) * 180) / Math.PI;

/**
 * What to run on a frame beyond detection and mesh. Each costs time on every frame it runs on
 * (measured on a 480 px frame: ~50 ms with all of them but the description, which adds ~30 ms;
 * the iris ~12 ms, the two anti-spoof models together ~12 ms): the judge asks for each only
 * where it uses it (judge-selfie.ts, planFrames).
 */
export interface MeasureOptions {
  /** The face's descriptor, for the same-person check and the match. */
  embed: boolean;
  /** Iris refinement of the eyelids: the eye opening a blink is read from. */
  iris: boolean;
  /** Human's anti-spoof and liveness models (a soft term of the score). */
  spoof: boolean;
}

function options(o: MeasureOptions): Partial<Config> {
  return {
    face: {
      iris: { enabled: o.iris },
      antispoof: { enabled: o.spoof },
      liveness: { enabled: o.spoof },
      description: { enabled: o.embed },
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

export async function detectFaces(pixels: { data: Buffer; width: number; height: number }, measure: MeasureOptions): Promise<FaceResult[]> {
  return withHuman(async (human) => {
    const saved = structuredClone(human.config);
    const input = human.tf.tensor3d(
      new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength),
      [pixels.height, pixels.width, 3],
      "int32",
    );
    try {
      return (await human.detect(input, options(measure))).face;
    } finally {
      human.tf.dispose(input);
      human.config = saved;
    }
  });
}

export async function measureFrame(image: Buffer, measure: MeasureOptions): Promise<FrameMeasure | null> {
  const pixels = await decodeFrame(image);
  if (!pixels) return null;
  const brightness = meanLuma(pixels.data);
  const found = confidentFaces(await detectFaces(pixels, measure));
  const largest = largestFirst(found)[0];
  const base = { brightness, width: pixels.width, height: pixels.height };
  if (!largest || largest.mesh.length < 468) return { ...base, faces: 0, face: null };
  // A far smaller "face" beside the person is mostly a poster or a false detection in the background.
  const faces = found.filter((f) => f.box[2] >= largest.box[2] / 3).length;
  const m = largest.mesh;
  const d = (a: number, b: number) => Math.hypot(m[a]![0] - m[b]![0], m[a]![1] - m[b]![1]);
  const points = m.slice(0, 468).map((p) => [p[0], p[1]] as Point);
  const embedding = measure.embed && largest.embedding?.length === FACE_EMBEDDING_DIMENSIONS ? unitVector(largest.embedding) : null;
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
      real: measure.spoof ? (largest.real ?? 0) : null,
      live: measure.spoof ? (largest.live ?? 0) : null,
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
