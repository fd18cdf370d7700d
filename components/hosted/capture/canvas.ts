import { toGrey, type GreyImage } from "./quality";

type Source = HTMLVideoElement | ImageBitmap | HTMLImageElement | HTMLCanvasElement;

function sourceSize(source: Source): { width: number; height: number } {
  if (source instanceof HTMLVideoElement) return { width: source.videoWidth, height: source.videoHeight };
  if (source instanceof HTMLImageElement) return { width: source.naturalWidth, height: source.naturalHeight };
  return { width: source.width, height: source.height };
}

/** The source drawn on a canvas whose long side is at most `maxSide` (never enlarged). */
export function drawScaled(
  source: Source,
  maxSide: number,
  canvas: HTMLCanvasElement = document.createElement("canvas"),
): HTMLCanvasElement {
  const { width, height } = sourceSize(source);
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext("2d", { willReadFrequently: true })!.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("JPEG encoding failed"))), "image/jpeg", quality),
  );
}

/** A small grey copy for the quality measures and the real-frame check. */
export function greyCopy(source: Source, maxSide: number, scratch?: HTMLCanvasElement): GreyImage {
  const canvas = drawScaled(source, maxSide, scratch);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return toGrey(data, canvas.width, canvas.height);
}
