// The picture transforms of npm run bench:documents:invariance (issue 33, item 3): the ordinary
// changes a phone picture goes through, applied to a real picture that reads. Each returns a new
// upload (JPEG quality 95, as a phone sends, except jpeg50). The glare band and the crop are put by
// the picture's truth (where its MRZ lies) so that neither touches the MRZ: a transform must leave
// the MRZ there to be read, or the bench would count the transform's fault as the engine's.
import sharp, { type Sharp } from "sharp";
import type { TruthImage } from "../support/real-documents";

/** An upright picture's pixels, RGB, EXIF orientation applied. */
export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

export interface Transform {
  name: string;
  apply(raw: Raw, image: TruthImage): Promise<Buffer>;
}

export async function decodeUpright(bytes: Buffer): Promise<Raw> {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const fromRaw = (raw: Raw) => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
const jpeg = (s: Sharp, quality = 95) => s.jpeg({ quality }).toBuffer();

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

/**
 * Cropped tighter, never into the MRZ. Up to 5 % off a side, stopping 2 % of the picture short of
 * the first ink (a row or column with dark pixels: the MRZ's characters are ink). Where the page is
 * clearly inside the picture (a desk photo: ≥ 15 % of the picture between the page's bright run and
 * the edge, the run ≥ 25 % of the picture), up to 8 % off, stopping 5 % short of the page; never on
 * the side the MRZ lies along (truth's mrzSide), whose bright run may end above a tinted MRZ band.
 */
export function tighterCrop(raw: Raw, mrzSide: TruthImage["mrzSide"] = "bottom"): Box {
  const { page, ink } = pageBox(raw);
  const pageWidth = page.right - page.left;
  const pageHeight = page.bottom - page.top;
  // How much to cut off one side, given how far in the page and the first ink lie from it.
  const cut = (side: "left" | "top" | "right" | "bottom", pageGap: number, inkGap: number, size: number, run: number) => {
    const byInk = Math.min(0.05 * size, inkGap - 0.02 * size);
    const byPage = side !== mrzSide && pageGap >= 0.15 * size && run >= 0.25 * size ? Math.min(0.08 * size, pageGap - 0.05 * size) : 0;
    return Math.round(Math.max(0, byInk, byPage));
  };
  const left = cut("left", page.left, ink.left, raw.width, pageWidth);
  const top = cut("top", page.top, ink.top, raw.height, pageHeight);
  const right = cut("right", raw.width - 1 - page.right, raw.width - 1 - ink.right, raw.width, pageWidth);
  const bottom = cut("bottom", raw.height - 1 - page.bottom, raw.height - 1 - ink.bottom, raw.height, pageHeight);
  return { left, top, right: raw.width - right, bottom: raw.height - bottom };
}

/** Solves the 3×3 homography (h33 = 1) taking each from[i] to to[i]. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1];
}

/**
 * The page seen in perspective: turned by `degrees` about its horizontal axis (top away) or its
 * vertical axis (left side away), through a pinhole of focal length the picture's longer side. The
 * output is warped by the inverse homography, bilinear, uncovered corners in the edge colour.
 */
export function perspective(raw: Raw, degrees: number, axis: "horizontal" | "vertical"): Raw {
  const { width: w, height: h } = raw;
  const f = Math.max(w, h);
  const th = (degrees * Math.PI) / 180;
  const project = ([x, y]: [number, number]): [number, number] => {
    const cx = x - w / 2;
    const cy = y - h / 2;
    const depth = axis === "horizontal" ? f - cy * Math.sin(th) : f - cx * Math.sin(th);
    const px = axis === "horizontal" ? cx : cx * Math.cos(th);
    const py = axis === "horizontal" ? cy * Math.cos(th) : cy;
    return [(f * px) / depth, (f * py) / depth];
  };
  const corners: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const projected = corners.map(project);
  const margin = 0.03 * Math.max(w, h);
  const minX = Math.min(...projected.map((p) => p[0])) - margin;
  const minY = Math.min(...projected.map((p) => p[1])) - margin;
  const outW = Math.round(Math.max(...projected.map((p) => p[0])) + margin - minX);
  const outH = Math.round(Math.max(...projected.map((p) => p[1])) + margin - minY);
  const dst = projected.map(([x, y]) => [x - minX, y - minY] as [number, number]);
  const m = homography(dst, corners); // output pixel → source pixel
  const fill = edgeColour(raw);
  const out = Buffer.alloc(outW * outH * 3);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const d = m[6]! * x + m[7]! * y + m[8]!;
      const sx = (m[0]! * x + m[1]! * y + m[2]!) / d - 0.5;
      const sy = (m[3]! * x + m[4]! * y + m[5]!) / d - 0.5;
      const o = (y * outW + x) * 3;
      if (sx < 0 || sy < 0 || sx > w - 1 || sy > h - 1) {
        [out[o], out[o + 1], out[o + 2]] = [fill.r, fill.g, fill.b];
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(h - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const p = (yy: number, xx: number) => raw.data[(yy * w + xx) * 3 + c]!;
        const top = p(y0, x0) * (1 - fx) + p(y0, x1) * fx;
        const bottom = p(y1, x0) * (1 - fx) + p(y1, x1) * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { data: out, width: outW, height: outH };
}

/**
 * A glare band: white light laid over the page (up to 85 % opaque at its middle, fading to its
 * edges), slightly slanted, across the page at 18 % of its height from the side away from the MRZ
 * (the top, for an MRZ along the bottom), 14 % of the page thick: well clear of the MRZ.
 */
export function glareBand(raw: Raw, image: TruthImage): Raw {
  const { page } = pageBox(raw);
  const out = Buffer.from(raw.data);
  const pw = Math.max(1, page.right - page.left);
  const ph = Math.max(1, page.bottom - page.top);
  const side = image.mrzSide ?? "bottom";
  for (let y = 0; y < raw.height; y++) {
    for (let x = 0; x < raw.width; x++) {
      const nx = (x - page.left) / pw;
      const ny = (y - page.top) / ph;
      // u: how far from the side opposite the MRZ, in page lengths; v: along the band.
      const [u, v] = side === "bottom" ? [ny, nx] : side === "top" ? [1 - ny, nx] : side === "left" ? [1 - nx, ny] : [nx, ny];
      const d = Math.abs(u - 0.18 - 0.05 * (v - 0.5)) / 0.07;
      if (d >= 1) continue;
      const alpha = 0.85 * Math.cos((d * Math.PI) / 2) ** 2;
      const o = (y * raw.width + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = Math.round(out[o + c]! + alpha * (252 - out[o + c]!));
    }
  }
  return { data: out, width: raw.width, height: raw.height };
}

const turn = (degrees: number): Transform => ({
  name: degrees % 90 === 0 ? `rot${degrees}` : `rot${degrees > 0 ? "+" : ""}${degrees}`,
  apply: (raw) => {
    const { r, g, b } = edgeColour(raw);
    return jpeg(fromRaw(raw).rotate(degrees, { background: { r, g, b } }));
  },
});

export const TRANSFORMS: Transform[] = [
  turn(90),
  turn(180),
  turn(270),
  turn(15),
  turn(-15),
  { name: "scale0.5", apply: (raw) => jpeg(fromRaw(raw).resize(Math.round(raw.width / 2))) },
  { name: "scale2", apply: (raw) => jpeg(fromRaw(raw).resize(raw.width * 2)) },
  {
    name: "crop",
    apply: (raw, image) => {
      const box = tighterCrop(raw, image.mrzSide);
      return jpeg(fromRaw(raw).extract({ left: box.left, top: box.top, width: box.right - box.left, height: box.bottom - box.top }));
    },
  },
  {
    name: "pad25",
    apply: (raw) => {
      const [x, y] = [Math.round(raw.width / 4), Math.round(raw.height / 4)];
      return jpeg(fromRaw(raw).extend({ left: x, right: x, top: y, bottom: y, background: edgeColour(raw) }));
    },
  },
  { name: "jpeg50", apply: (raw) => jpeg(fromRaw(raw), 50) },
  { name: "darker", apply: (raw) => jpeg(fromRaw(raw).linear(2 / 3, 0)) },
  { name: "brighter", apply: (raw) => jpeg(fromRaw(raw).linear(4 / 3, 0)) },
  { name: "persp25", apply: (raw) => jpeg(fromRaw(perspective(raw, 25, "horizontal"))) },
  { name: "persp25side", apply: (raw) => jpeg(fromRaw(perspective(raw, 25, "vertical"))) },
  { name: "glare", apply: (raw, image) => jpeg(fromRaw(glareBand(raw, image))) },
];
