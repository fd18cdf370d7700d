import sharp from "sharp";
import { DOCUMENT_MIN_SIDE } from "../check-upload";

/*
 * A photo (or an image file) of a page made ready for the learned OCR: decoded once, turned
 * upright by its EXIF orientation and brought within a working size. Nothing else: the learned
 * detector reads colour, shadows and a turned page as they are, and the page's angle is taken
 * off the line boxes afterwards (ocr-lines.ts).
 */

export const PHOTO_MAX_PIXELS = 50_000_000;
const WORK_LONG_SIDE = 2600;

export type PreparedPhoto =
  { ok: true; image: { data: Buffer; width: number; height: number; channels: number } } | { ok: false; message: string };

export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" })
      .rotate()
      .removeAlpha()
      .resize(WORK_LONG_SIDE, WORK_LONG_SIDE, { fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width < DOCUMENT_MIN_SIDE || info.height < DOCUMENT_MIN_SIDE) return { ok: false, message: "The image is too small to read" };
    return { ok: true, image: { data, width: info.width, height: info.height, channels: info.channels } };
  } catch {
    return { ok: false, message: "The image could not be decoded (damaged, incomplete or too large)" };
  }
}
