// Pixels of a real picture for the invariance bench's transforms (tests/bench/document-transforms.ts):
// decoding upright to raw RGB, the edge colour, and where the page and the first ink lie.
import sharp from "sharp";

/** An upright picture's pixels, RGB, EXIF orientation applied. */
export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

export async function decodeUpright(bytes: Buffer): Promise<Raw> {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The mean colour of the picture's outermost pixels: what a border or an uncovered corner is filled with. */
export function edgeColour(raw: Raw): { r: number; g: number; b: number } {
  const sum = [0, 0, 0];
  let n = 0;
  const add = (x: number, y: number) => {
    const i = (y * raw.width + x) * 3;
    for (let c = 0; c < 3; c++) sum[c]! += raw.data[i + c]!;
    n++;
  };
  for (let x = 0; x < raw.width; x++) {
    add(x, 0);
    add(x, raw.height - 1);
  }
  for (let y = 1; y < raw.height - 1; y++) {
    add(0, y);
    add(raw.width - 1, y);
  }
  const [r, g, b] = sum.map((v) => Math.round(v / n)) as [number, number, number];
  return { r, g, b };
}

function gray(raw: Raw, x: number, y: number): number {
  const i = (y * raw.width + x) * 3;
  return 0.299 * raw.data[i]! + 0.587 * raw.data[i + 1]! + 0.114 * raw.data[i + 2]!;
}

/** Otsu's threshold over a sample of the picture's grey levels. */
function otsu(samples: number[]): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of samples) hist[Math.min(255, Math.round(v))]!++;
  const total = samples.length;
  const sumAll = hist.reduce((s, h, i) => s + h * i, 0);
  let best = 128;
  let bestVar = -1;
  let wB = 0;
  let sumB = 0;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    sumB += t * hist[t]!;
    const wF = total - wB;
    if (wB === 0 || wF === 0) continue;
    const between = wB * wF * (sumB / wB - (sumAll - sumB) / wF) ** 2;
    if (between > bestVar) [bestVar, best] = [between, t];
  }
  return best;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Where the page is: the longest runs of rows and columns at least 30 % bright (above Otsu's threshold), the page
 * being lighter than a desk; the whole picture when the page fills it. Also, per side, how far in
 * the first ink lies (a row or column with ≥ 1 % dark pixels), for pages that fill the picture.
 */
export function pageBox(raw: Raw): { page: Box; ink: Box } {
  const step = Math.max(1, Math.floor(Math.max(raw.width, raw.height) / 400));
  const xs = Array.from({ length: Math.ceil(raw.width / step) }, (_, i) => i * step);
  const ys = Array.from({ length: Math.ceil(raw.height / step) }, (_, i) => i * step);
  const g = ys.map((y) => xs.map((x) => gray(raw, x, y)));
  const t = otsu(g.flat());
  const colBright = xs.map((_, i) => ys.filter((_, j) => g[j]![i]! > t).length / ys.length);
  const rowBright = ys.map((_, j) => g[j]!.filter((v) => v > t).length / xs.length);
  const colDark = colBright.map((b) => 1 - b);
  const rowDark = rowBright.map((b) => 1 - b);
  const first = (a: number[], ok: (v: number) => boolean) => Math.max(0, a.findIndex(ok));
  const last = (a: number[], ok: (v: number) => boolean) => {
    for (let i = a.length - 1; i >= 0; i--) if (ok(a[i]!)) return i;
    return a.length - 1;
  };
  // The page is the longest run of bright rows (columns): a white wall or paper beside the desk is another run.
  const longestRun = (a: number[]): [number, number] => {
    let best: [number, number] = [0, a.length - 1];
    let bestLength = 0;
    for (let i = 0; i < a.length;) {
      if (a[i]! < 0.3) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < a.length && a[j + 1]! >= 0.3) j++;
      if (j - i + 1 > bestLength) [best, bestLength] = [[i, j], j - i + 1];
      i = j + 1;
    }
    return best;
  };
  const inky = (v: number) => v >= 0.01;
  const [left, right] = longestRun(colBright);
  const [top, bottom] = longestRun(rowBright);
  return {
    page: { left: left * step, right: right * step, top: top * step, bottom: bottom * step },
    ink: {
      left: first(colDark, inky) * step,
      right: last(colDark, inky) * step,
      top: first(rowDark, inky) * step,
      bottom: last(rowDark, inky) * step,
    },
  };
}
