import { rename, writeFile } from "node:fs/promises";
import sharp from "sharp";

/*
 * Video files for Chromium's fake camera (--use-file-for-fake-video-capture=ABS_PATH), checked on
 * Chromium 156 here (README.md in this folder):
 * - .mjpeg: JPEG frames one after another. Chromium gives no frame rate for MJPEG files and
 *   plays them at its fixed rate (see README for the measured figure).
 * - .y4m: YUV4MPEG2, 4:2:0 ("C420"), the frame rate in the header is honoured.
 * Both loop from the first frame when they end, and start again when the page opens the camera.
 */

/**
 * The file is replaced whole (written beside it, then renamed over it): a camera still reading the
 * old file keeps reading the old one, never a file truncated and half rewritten under it.
 */
async function replaceFile(path: string, bytes: Buffer): Promise<void> {
  const next = `${path}.${process.pid}.next`;
  await writeFile(next, bytes);
  await rename(next, path);
}

/** Concatenated JPEG frames. */
export async function writeMjpeg(path: string, jpegFrames: Buffer[]): Promise<void> {
  await replaceFile(path, Buffer.concat(jpegFrames));
}

/** YUV4MPEG2 C420 at `fps`; every frame must have the first one's size (even sides). */
export async function writeY4m(path: string, frames: Buffer[], fps: number): Promise<void> {
  const first = await sharp(frames[0]).metadata();
  const width = first.width ?? 0;
  const height = first.height ?? 0;
  if (!width || !height || width % 2 || height % 2) throw new Error(`y4m frames need even sides, got ${width}×${height}`);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420\n`)];
  for (const frame of frames) {
    const { data, info } = await sharp(frame).removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
    if (info.width !== width || info.height !== height) throw new Error("y4m frames differ in size");
    parts.push(Buffer.from("FRAME\n"), toI420(data, width, height));
  }
  await replaceFile(path, Buffer.concat(parts));
}

/** BT.601 studio-swing I420 (what Chromium's y4m reader expects) from packed RGB. */
function toI420(rgb: Buffer, width: number, height: number): Buffer {
  const ySize = width * height;
  const out = Buffer.alloc(ySize + ySize / 2);
  const uOffset = ySize;
  const vOffset = ySize + ySize / 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      out[y * width + x] = clampByte(16 + 0.257 * rgb[i]! + 0.504 * rgb[i + 1]! + 0.098 * rgb[i + 2]!);
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((y + dy) * width + x + dx) * 3;
        r += rgb[i]!;
        g += rgb[i + 1]!;
        b += rgb[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const c = (y / 2) * (width / 2) + x / 2;
      out[uOffset + c] = clampByte(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      out[vOffset + c] = clampByte(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  return out;
}

const clampByte = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
