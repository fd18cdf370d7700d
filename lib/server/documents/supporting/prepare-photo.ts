import sharp, { type OutputInfo } from "sharp";

/*
 * A phone photo of a page made ready for OCR: turned upright by its EXIF orientation, grey, the
 * uneven light divided out (a shadow across the page would otherwise cut Tesseract's global
 * threshold through the text), then straightened by the angle at which its text rows project
 * sharpest. Perspective is left alone: the few degrees of a hand-held tilt read fine.
 */

export const PHOTO_MAX_PIXELS = 50_000_000;
const WORK_LONG_SIDE = 2600;
const MAX_SKEW = 12;

export type PreparedPhoto = { ok: true; png: Buffer; width: number; height: number; angle: number } | { ok: false; message: string };

export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  let grey: { data: Buffer; info: OutputInfo };
  try {
    grey = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" })
      .rotate()
      .grayscale()
      .resize(WORK_LONG_SIDE, WORK_LONG_SIDE, { fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, message: "The image could not be decoded (damaged, incomplete or too large)" };
  }
  const { width, height } = grey.info;
  if (width < 200 || height < 200) return { ok: false, message: "The image is too small to read" };
  const flat = await flattenLight(grey.data, width, height);
  const angle = skewAngle(flat, width, height);
  let image = sharp(flat, { raw: { width, height, channels: 1 } });
  if (Math.abs(angle) >= 0.3) image = image.rotate(-angle, { background: { r: 255, g: 255, b: 255 } });
  const { data, info } = await image.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { ok: true, png: data, width: info.width, height: info.height, angle };
}

/** Divides each pixel by a smooth estimate of the paper's brightness around it. */
async function flattenLight(data: Buffer, width: number, height: number): Promise<Buffer> {
  const small = { width: Math.max(8, Math.round(width / 16)), height: Math.max(8, Math.round(height / 16)) };
  // The paper's brightness: a dilation (max) removes the text, then a blur smooths what is left.
  const background = await sharp(data, { raw: { width, height, channels: 1 } })
    .resize(small.width, small.height, { kernel: "cubic" })
    .dilate(2)
    .blur(2)
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const out = Buffer.allocUnsafe(width * height);
  for (let i = 0; i < out.length; i++) {
    const v = (255 * (data[i] as number)) / Math.max(24, background[i] as number);
    out[i] = v > 255 ? 255 : v;
  }
  return out;
}

/** Degrees the text rows are turned (clockwise positive), by the sharpest row projection. */
function skewAngle(data: Buffer, width: number, height: number): number {
  const step = Math.max(1, Math.round(Math.max(width, height) / 1000));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if ((data[y * width + x] as number) < 140) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 200) return 0;
  const score = (deg: number) => {
    const t = (deg * Math.PI) / 180;
    const [s, c] = [Math.sin(t), Math.cos(t)];
    const bins = new Float64Array(Math.ceil((2 * width + height) / step) + 4);
    const offset = width / step;
    for (let i = 0; i < xs.length; i++) bins[Math.round((-(xs[i] as number) * s + (ys[i] as number) * c) / step + offset)]! += 1;
    let sum = 0;
    for (const v of bins) sum += v * v;
    return sum;
  };
  let best = 0;
  let bestScore = -1;
  for (let deg = -MAX_SKEW; deg <= MAX_SKEW; deg += 1) {
    const v = score(deg);
    if (v > bestScore) [best, bestScore] = [deg, v];
  }
  const coarse = best;
  for (let deg = coarse - 1; deg <= coarse + 1; deg += 0.2) {
    const v = score(deg);
    if (v > bestScore) [best, bestScore] = [deg, v];
  }
  return Math.round(best * 10) / 10;
}
