import sharp from "sharp";
import type { GrayImage } from "../types";

/** Pixels beyond this are never decoded (check-upload refuses larger files from their header). */
const MAX_PIXELS = 50_000_000;

/**
 * A JPEG/PNG as 8-bit grey, turned upright by its EXIF orientation. `maxSide` shrinks it first
 * (a 12 MP photo has far more pixels than reading an MRZ needs). Throws on an undecodable image.
 */
export async function decodeGray(image: Buffer, maxSide = 2000): Promise<GrayImage> {
  const { data, info } = await sharp(image, { failOn: "error", limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}
