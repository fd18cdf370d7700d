import sharp from "sharp";
import type { GrayImage } from "../types";

/** A rectangle of a grey image, resampled by `scale` (cubic up, Lanczos down). The rectangle is clamped to the image. */
export async function cropScale(
  image: GrayImage,
  rect: { x: number; y: number; width: number; height: number },
  scale: number,
): Promise<GrayImage> {
  const left = Math.max(0, Math.floor(rect.x));
  const top = Math.max(0, Math.floor(rect.y));
  const width = Math.max(1, Math.min(image.width - left, Math.ceil(rect.width)));
  const height = Math.max(1, Math.min(image.height - top, Math.ceil(rect.height)));
  const outW = Math.max(1, Math.round(width * scale));
  const outH = Math.max(1, Math.round(height * scale));
  const { data, info } = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .extract({ left, top, width, height })
    .resize(outW, outH, { fit: "fill", kernel: scale >= 1 ? "cubic" : "lanczos3" })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height) };
}
