import sharp from "sharp";
import { locateFace } from "@/lib/server/faces/embed-face";

/*
 * The ways a real photo of a face is made worse for the invariance checks (issue 34, item 3;
 * tests/bench/faces-invariance.ts and tests/unit/faces/invariance-real.test.ts): the same face
 * photographed otherwise. Each starts from the photo's pixels turned upright (EXIF applied) and,
 * except "jpeg 40", is written losslessly (PNG), so the transform itself is all that changes.
 * Where the face is comes from the product's own detector (locateFace), measured on the upright
 * pixels, so the crops and the 80 px face follow whatever the detector finds today.
 */

export type FaceTransformName =
  | "none"
  | "greyscale"
  | "crop × 1.0"
  | "crop × 1.6"
  | "grey crop on canvas"
  | "face 80 px"
  | "jpeg 40"
  | "roll +15°"
  | "roll −15°"
  | "⅓ darker";

export interface UprightPhoto {
  /** The photo's pixels turned upright, as PNG. */
  png: Buffer;
  width: number;
  height: number;
  /** The largest confident face's box (x, y, width, height) in those pixels, or null when the detector found none. */
  box: [number, number, number, number] | null;
}

export async function uprightPhoto(image: Buffer): Promise<UprightPhoto> {
  const { data, info } = await sharp(image).rotate().png().toBuffer({ resolveWithObject: true });
  const located = await locateFace(data);
  return { png: data, width: info.width, height: info.height, box: located.ok ? located.value.box : null };
}

/**
 * A photo in greyscale, as PNG, turned upright by its EXIF: the "greyscale" transform, and every
 * photo of bench:faces:population with GREY=1 (a printed portrait).
 */
export function greyscalePhoto(image: Buffer): Promise<Buffer> {
  return sharp(image).rotate().greyscale().png().toBuffer();
}

/** Mid-grey, for the corners a roll uncovers. */
const FILL = { r: 128, g: 128, b: 128 };
/** The 80 px face of the issue: a small face, still above FACE_MIN_SIDE (48 px). */
export const SMALL_FACE_WIDTH = 80;

/** A square of `grow` × the face box's longer side around its centre, clipped to the picture. */
function cropAround(photo: UprightPhoto, grow: number) {
  const [x, y, w, h] = photo.box!;
  const side = Math.round(grow * Math.max(w, h));
  const left = Math.max(0, Math.round(x + w / 2 - side / 2));
  const top = Math.max(0, Math.round(y + h / 2 - side / 2));
  return { left, top, width: Math.min(side, photo.width - left), height: Math.min(side, photo.height - top) };
}

/**
 * The transformed photo, or null when the transform does not apply: a crop or a shrink needs the
 * face box, and a face already at most SMALL_FACE_WIDTH wide is not shrunk (it would be enlarged).
 */
export async function transformPhoto(photo: UprightPhoto, name: FaceTransformName): Promise<Buffer | null> {
  const base = () => sharp(photo.png);
  switch (name) {
    case "none":
      return photo.png;
    case "greyscale":
      return greyscalePhoto(photo.png);
    case "crop × 1.0":
    case "crop × 1.6":
      return photo.box
        ? base()
            .extract(cropAround(photo, name === "crop × 1.0" ? 1 : 1.6))
            .png()
            .toBuffer()
        : null;
    case "grey crop on canvas": {
      // A printed portrait as it often reaches us: the face cut tight (box × 1.0), in greyscale, laid
      // on a mid-grey canvas twice its size (as a scan or a document's portrait cut out).
      if (!photo.box) return null;
      const crop = cropAround(photo, 1);
      const tight = await base().extract(crop).greyscale().png().toBuffer();
      const padX = Math.round(crop.width / 2);
      const padY = Math.round(crop.height / 2);
      return sharp(tight).extend({ top: padY, bottom: padY, left: padX, right: padX, background: FILL }).png().toBuffer();
    }
    case "face 80 px": {
      if (!photo.box || photo.box[2] <= SMALL_FACE_WIDTH) return null;
      const width = Math.max(1, Math.round((photo.width * SMALL_FACE_WIDTH) / photo.box[2]));
      return base().resize(width).png().toBuffer();
    }
    case "jpeg 40":
      return base().jpeg({ quality: 40 }).toBuffer();
    case "roll +15°":
    case "roll −15°":
      // sharp turns clockwise for a positive angle; the canvas grows to hold the whole picture.
      return base()
        .rotate(name === "roll +15°" ? 15 : -15, { background: FILL })
        .png()
        .toBuffer();
    case "⅓ darker":
      // Every channel value × 2/3 (sRGB values, as a dimmer exposure roughly gives).
      return base()
        .linear(2 / 3, 0)
        .png()
        .toBuffer();
  }
}

export const FACE_TRANSFORMS: FaceTransformName[] = [
  "greyscale",
  "crop × 1.0",
  "crop × 1.6",
  "grey crop on canvas",
  "face 80 px",
  "jpeg 40",
  "roll +15°",
  "roll −15°",
  "⅓ darker",
];
