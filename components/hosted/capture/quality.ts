// Browser-side photo quality measures on a small grey copy of the capture. Advisory only: the
// server's document engine decides; these catch the obvious before an upload is spent on it.

/** One byte per pixel, row by row. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** A rectangle in fractions of the image (0–1), e.g. the frame guide. */
export interface FractionRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type QualityHint = "blurred" | "glare" | "not_in_frame" | "too_dark";

export interface QualityMeasures {
  /** Variance of the 4-neighbour Laplacian inside the guide: low = blurred. */
  sharpness: number;
  /** Share of near-white (≥ 250) pixels inside the guide. */
  glare: number;
  /** Share of pixels with a strong gradient inside the guide: text and edges of a document. */
  edges: number;
  /** Mean brightness of the whole picture (0–255). */
  brightness: number;
}

// On a 480 px wide grey copy: printed text in focus gives a Laplacian variance in the hundreds
// or more, text that lost focus a few tens (3 passes of a 5 px box blur: ~20). Glare: a specular
// patch over 2 % of the guide hides a date or an MRZ line. Edges (gradient > 16 across 2 px): a
// plain surface has almost none; a document's print keeps several percent even out of focus.
export const THRESHOLDS = { sharpness: 60, glare: 0.02, edges: 0.02, darkness: 45, edgeGradient: 16, glareLevel: 250 } as const;

/** Luma (BT.601) of RGBA pixels. */
export function toGrey(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) data[i] = (rgba[p]! * 299 + rgba[p + 1]! * 587 + rgba[p + 2]! * 114) / 1000;
  return { width, height, data };
}

function pixelRect(img: GreyImage, rect: FractionRect | undefined, margin: number) {
  const r = rect ?? { x: 0, y: 0, width: 1, height: 1 };
  const x0 = Math.max(margin, Math.floor(r.x * img.width));
  const y0 = Math.max(margin, Math.floor(r.y * img.height));
  const x1 = Math.min(img.width - margin, Math.ceil((r.x + r.width) * img.width));
  const y1 = Math.min(img.height - margin, Math.ceil((r.y + r.height) * img.height));
  return { x0, y0, x1, y1 };
}

export function laplacianVariance(img: GreyImage, rect?: FractionRect): number {
  const { x0, y0, x1, y1 } = pixelRect(img, rect, 1);
  const { width: w, data } = img;
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      const lap = data[i - 1]! + data[i + 1]! + data[i - w]! + data[i + w]! - 4 * data[i]!;
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

export function glareShare(img: GreyImage, rect?: FractionRect, level: number = THRESHOLDS.glareLevel): number {
  const { x0, y0, x1, y1 } = pixelRect(img, rect, 0);
  let n = 0;
  let bright = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (img.data[y * img.width + x]! >= level) bright++;
      n++;
    }
  }
  return n ? bright / n : 0;
}

/** Share of pixels whose central-difference gradient magnitude exceeds `gradient`. */
export function edgeDensity(img: GreyImage, rect?: FractionRect, gradient: number = THRESHOLDS.edgeGradient): number {
  const { x0, y0, x1, y1 } = pixelRect(img, rect, 1);
  const { width: w, data } = img;
  let n = 0;
  let strong = 0;
  const limit = gradient * gradient;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      const gx = data[i + 1]! - data[i - 1]!;
      const gy = data[i + w]! - data[i - w]!;
      if (gx * gx + gy * gy > limit) strong++;
      n++;
    }
  }
  return n ? strong / n : 0;
}

export function meanBrightness(img: GreyImage): number {
  let sum = 0;
  for (const v of img.data) sum += v;
  return img.data.length ? sum / img.data.length : 0;
}

/** The measures and the advice they give, worst first (darkness hides the rest). */
export function assessQuality(img: GreyImage, guide?: FractionRect): { hints: QualityHint[]; measures: QualityMeasures } {
  const measures: QualityMeasures = {
    sharpness: laplacianVariance(img, guide),
    glare: glareShare(img, guide),
    edges: edgeDensity(img, guide),
    brightness: meanBrightness(img),
  };
  const hints: QualityHint[] = [];
  if (measures.brightness < THRESHOLDS.darkness) hints.push("too_dark");
  else {
    if (measures.edges < THRESHOLDS.edges) hints.push("not_in_frame");
    else if (measures.sharpness < THRESHOLDS.sharpness) hints.push("blurred");
    if (measures.glare > THRESHOLDS.glare) hints.push("glare");
  }
  return { hints, measures };
}
