import sharp from "sharp";
import { applyHomography, homographyFromPoints, type Homography, type Point } from "./homography";
import { createRng, type Rng } from "./random";
import { tableTexture } from "./table-texture";

/*
 * A page "photographed" by a phone: lying on a table, seen in perspective, turned, smaller,
 * defocused, noisy, unevenly lit and JPEG-compressed, with the parameters drawn from a seed.
 * Scale 1.0 is a passport page filling the frame's width: the frame then covers ~128 mm, so a
 * card or an MRZ keeps its physical size (MRZ cap height ≈ 29 px × scale in a 1600 px frame).
 */
export type CaptureLevel = "clean" | "phone" | "hard";

export interface CaptureOptions {
  level: CaptureLevel;
  seed: number | string;
  /** The page's resolution (default 10 px/mm; TD1 cards from id-document are 12). */
  pxPerMm?: number;
  /** Default 1600×1200. */
  frame?: { width: number; height: number };
  /** A coloured border of this many mm around the page (a passport booklet's cover); default 0. */
  coverMm?: number;
  /** Force the page upside down (or never); default: ~25 % at "hard", never otherwise. */
  upsideDown?: boolean;
}

export interface Capture {
  /** JPEG bytes. */
  image: Buffer;
  width: number;
  height: number;
  level: CaptureLevel;
  upsideDown: boolean;
  /** In-plane rotation in degrees (not counting the 180° of upsideDown). */
  angle: number;
  /** Tilt about the page's horizontal and vertical axes, degrees. */
  tiltX: number;
  tiltY: number;
  /** Size relative to a passport page filling the frame's width (after keeping the page in frame). */
  scale: number;
  blurSigma: number;
  jpegQuality: number;
  glare: number;
  /** Page pixels (of the PNG given) → photo pixels. */
  pageToPhoto: Homography;
  /** The page's corners in the photo: its own top-left, top-right, bottom-right, bottom-left. */
  corners: Point[];
}

const FRAME = { width: 1600, height: 1200 };
// The frame's width covers this many mm of the table at scale 1 (a 125 mm passport page + margin).
const FIELD_MM = 127.5;

interface Params {
  angle: number;
  tiltX: number;
  tiltY: number;
  scale: number;
  blur: number;
  noise: number;
  quality: number;
  upsideDown: boolean;
  light: number;
  shadow: number;
  glare: number;
}

function drawParams(rng: Rng, level: CaptureLevel, upsideDown: boolean | undefined): Params {
  if (level === "hard") {
    return {
      angle: rng.float(-20, 20),
      tiltX: rng.float(-10, 10),
      tiltY: rng.float(-10, 10),
      scale: rng.float(0.45, 0.7),
      blur: rng.float(0.8, 2),
      noise: rng.float(4, 8),
      quality: rng.int(45, 65),
      upsideDown: upsideDown ?? rng.chance(0.25),
      light: rng.float(0.5, 0.7),
      shadow: rng.float(0.45, 0.7),
      glare: rng.int(1, 3),
    };
  }
  return {
    angle: rng.float(-8, 8),
    tiltX: rng.float(-6, 6),
    tiltY: rng.float(-6, 6),
    scale: rng.float(0.6, 1.0),
    blur: rng.float(0.6, 1.2),
    noise: rng.float(2, 5),
    quality: rng.int(50, 70),
    upsideDown: upsideDown ?? false,
    light: rng.float(0.7, 0.9),
    shadow: rng.chance(0.5) ? rng.float(0.7, 0.85) : 1,
    glare: 0,
  };
}

/** Where the page's corners land: 3-D tilt, pinhole projection, turn, then kept inside the frame. */
function placePage(
  w: number,
  h: number,
  p: Params,
  frame: { width: number; height: number },
  rng: Rng,
): { corners: Point[]; shrink: number } {
  const f = frame.width * 1.1;
  const [ax, ay] = [(p.tiltX * Math.PI) / 180, (p.tiltY * Math.PI) / 180];
  const turn = ((p.angle + (p.upsideDown ? 180 : 0)) * Math.PI) / 180;
  const local: Point[] = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ];
  let pts = local.map(([x, y]): Point => {
    // Tilt about x then y, then project from a camera at distance f.
    const y1 = y * Math.cos(ax);
    const z1 = y * Math.sin(ax);
    const x2 = x * Math.cos(ay) + z1 * Math.sin(ay);
    const z2 = -x * Math.sin(ay) + z1 * Math.cos(ay);
    const px = (f * x2) / (f + z2);
    const py = (f * y1) / (f + z2);
    return [px * Math.cos(turn) - py * Math.sin(turn), px * Math.sin(turn) + py * Math.cos(turn)];
  });
  const xs = pts.map((q) => q[0]);
  const ys = pts.map((q) => q[1]);
  const bw = Math.max(...xs) - Math.min(...xs);
  const bh = Math.max(...ys) - Math.min(...ys);
  const margin = 0.03;
  const shrink = Math.min(1, (frame.width * (1 - 2 * margin)) / bw, (frame.height * (1 - 2 * margin)) / bh);
  const cx = frame.width / 2 + rng.float(-0.3, 0.3) * Math.max(0, frame.width * (1 - 2 * margin) - bw * shrink);
  const cy = frame.height / 2 + rng.float(-0.3, 0.3) * Math.max(0, frame.height * (1 - 2 * margin) - bh * shrink);
  const mx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const my = (Math.max(...ys) + Math.min(...ys)) / 2;
  pts = pts.map(([x, y]): Point => [cx + (x - mx) * shrink, cy + (y - my) * shrink]);
  return { corners: pts, shrink };
}

export async function phoneCapture(png: Buffer, options: CaptureOptions): Promise<Capture> {
  const rng = createRng(`capture:${options.level}:${options.seed}`);
  const meta = await sharp(png).metadata();
  const pageW = meta.width ?? 0;
  const pageH = meta.height ?? 0;
  if (options.level === "clean") {
    const quality = 90;
    const image = await sharp(png).flatten({ background: "#ffffff" }).jpeg({ quality }).toBuffer();
    const identity: Homography = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const corners: Point[] = [
      [0, 0],
      [pageW, 0],
      [pageW, pageH],
      [0, pageH],
    ];
    return {
      image,
      width: pageW,
      height: pageH,
      level: "clean",
      upsideDown: false,
      angle: 0,
      tiltX: 0,
      tiltY: 0,
      scale: 1,
      blurSigma: 0,
      jpegQuality: quality,
      glare: 0,
      pageToPhoto: identity,
      corners,
    };
  }
  const frame = options.frame ?? FRAME;
  const p = drawParams(rng, options.level, options.upsideDown);
  const pxPerMm = options.pxPerMm ?? 10;
  const coverPx = Math.round((options.coverMm ?? 0) * pxPerMm);
  // Page pixels → photo pixels at scale 1: physical size, but a big page (A4) is fitted to the frame.
  const base = Math.min(
    ((frame.width * 0.98) / (FIELD_MM * pxPerMm)) * (FIELD_MM / 125),
    (frame.width * 0.98) / (pageW + 2 * coverPx),
    (frame.height * 0.98) / (pageH + 2 * coverPx),
  );
  const k = base * p.scale;
  // Pre-scale with a proper filter so the bilinear warp below never minifies much.
  const srcW = Math.max(8, Math.round((pageW + 2 * coverPx) * k));
  const srcH = Math.max(8, Math.round((pageH + 2 * coverPx) * k));
  const cover = rng.pick([
    [110, 20, 35],
    [20, 35, 80],
    [25, 60, 40],
    [25, 25, 28],
  ] as const);
  let page = sharp(png).flatten({ background: "#ffffff" });
  if (coverPx > 0)
    page = page.extend({
      top: coverPx,
      bottom: coverPx,
      left: coverPx,
      right: coverPx,
      background: { r: cover[0], g: cover[1], b: cover[2] },
    });
  const src = await sharp(await page.png({ compressionLevel: 0 }).toBuffer())
    .resize(srcW, srcH, { fit: "fill", kernel: "lanczos3" })
    .removeAlpha()
    .raw()
    .toBuffer();

  const { corners: outer, shrink } = placePage(srcW, srcH, p, frame, rng);
  const srcCorners: Point[] = [
    [0, 0],
    [srcW, 0],
    [srcW, srcH],
    [0, srcH],
  ];
  const photoToSrc = homographyFromPoints(outer, srcCorners);
  const out = await tableTexture(rng.fork("table"), frame.width, frame.height);
  warpInto(out, frame, src, srcW, srcH, photoToSrc, outer, p, rng.fork("light"));

  const blurred = await sharp(Buffer.from(out.buffer, out.byteOffset, out.byteLength), {
    raw: { width: frame.width, height: frame.height, channels: 3 },
  })
    .blur(p.blur)
    .raw()
    .toBuffer();
  addNoise(blurred, p.noise, rng.int(1, 2 ** 31 - 1));
  const image = await sharp(blurred, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .jpeg({ quality: p.quality, optimiseCoding: false })
    .toBuffer();

  // The page proper (inside the cover) in photo pixels.
  const pageCornersSrc: Point[] = [
    [coverPx * k, coverPx * k],
    [srcW - coverPx * k, coverPx * k],
    [srcW - coverPx * k, srcH - coverPx * k],
    [coverPx * k, srcH - coverPx * k],
  ];
  const srcToPhoto = homographyFromPoints(srcCorners, outer);
  const corners = pageCornersSrc.map(([x, y]) => applyHomography(srcToPhoto, x, y));
  const pageToPhoto = homographyFromPoints(
    [
      [0, 0],
      [pageW, 0],
      [pageW, pageH],
      [0, pageH],
    ],
    corners,
  );
  return {
    image,
    width: frame.width,
    height: frame.height,
    level: options.level,
    upsideDown: p.upsideDown,
    angle: p.angle,
    tiltX: p.tiltX,
    tiltY: p.tiltY,
    scale: p.scale * shrink,
    blurSigma: p.blur,
    jpegQuality: p.quality,
    glare: p.glare,
    pageToPhoto,
    corners,
  };
}

/** Draws the page over the table (bilinear, 1 px antialiased edge), its drop shadow, light and glare. */
function warpInto(
  out: Uint8ClampedArray,
  frame: { width: number; height: number },
  src: Buffer,
  sw: number,
  sh: number,
  h: Homography,
  quad: Point[],
  p: Params,
  rng: Rng,
): void {
  const { width, height } = frame;
  // Signed distance outside the quad (convex, clockwise in image coordinates): max over edges.
  const edges = quad.map((a, i) => {
    const b = quad[(i + 1) % 4] as Point;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return { nx: (b[1] - a[1]) / len, ny: -(b[0] - a[0]) / len, c: -((b[1] - a[1]) * a[0] - (b[0] - a[0]) * a[1]) / len };
  });
  const sdx = rng.float(4, 14);
  const sdy = rng.float(4, 14);
  const lightAngle = rng.float(0, 2 * Math.PI);
  const [lx, ly] = [Math.cos(lightAngle), Math.sin(lightAngle)];
  const diag = Math.hypot(width, height);
  // A soft straight shadow edge (a hand or the phone) across part of the frame.
  const shAngle = rng.float(0, 2 * Math.PI);
  const [shx, shy] = [Math.cos(shAngle), Math.sin(shAngle)];
  const shOffset = rng.float(0.15, 0.45) * diag;
  const glares = Array.from({ length: p.glare }, () => ({
    x: rng.float(0.15, 0.85) * width,
    y: rng.float(0.15, 0.85) * height,
    inv: 1 / rng.float(40, 130) ** 2,
    a: rng.float(0.6, 1.1),
  }));
  const [e0, e1, e2, e3] = edges as [(typeof edges)[0], (typeof edges)[0], (typeof edges)[0], (typeof edges)[0]];
  const cx = width / 2;
  const cy = height / 2;
  const lightSpan = 1.02 - p.light;
  for (let y = 0; y < height; y++) {
    // Numerators and denominator of the homography are linear in x: step them along the row.
    let nu = h[1] * y + h[2];
    let nv = h[4] * y + h[5];
    let nw = h[7] * y + h[8];
    const ys = y - sdy;
    for (let x = 0; x < width; x++, nu += h[0], nv += h[3], nw += h[6]) {
      const o = (y * width + x) * 3;
      let r = out[o] as number;
      let g = out[o + 1] as number;
      let b = out[o + 2] as number;
      // Drop shadow: darker near the page, offset away from the light.
      const xs = x - sdx;
      const dist = Math.max(
        e0.nx * xs + e0.ny * ys + e0.c,
        e1.nx * xs + e1.ny * ys + e1.c,
        e2.nx * xs + e2.ny * ys + e2.c,
        e3.nx * xs + e3.ny * ys + e3.c,
      );
      if (dist < 24) {
        const dark = 1 - 0.45 * (1 - (dist > 0 ? dist : 0) / 24);
        r *= dark;
        g *= dark;
        b *= dark;
      }
      const u = nu / nw - 0.5;
      const v = nv / nw - 0.5;
      let cover = u + 1;
      if (sw - u < cover) cover = sw - u;
      if (v + 1 < cover) cover = v + 1;
      if (sh - v < cover) cover = sh - v;
      if (cover > 0) {
        if (cover > 1) cover = 1;
        let x0 = Math.floor(u);
        let y0 = Math.floor(v);
        x0 = x0 < 0 ? 0 : x0 > sw - 2 ? sw - 2 : x0;
        y0 = y0 < 0 ? 0 : y0 > sh - 2 ? sh - 2 : y0;
        let fx = u - x0;
        let fy = v - y0;
        fx = fx < 0 ? 0 : fx > 1 ? 1 : fx;
        fy = fy < 0 ? 0 : fy > 1 ? 1 : fy;
        const i00 = (y0 * sw + x0) * 3;
        const i01 = i00 + sw * 3;
        const w00 = (1 - fx) * (1 - fy) * cover;
        const w10 = fx * (1 - fy) * cover;
        const w01 = (1 - fx) * fy * cover;
        const w11 = fx * fy * cover;
        const keep = 1 - cover;
        r =
          r * keep +
          (src[i00] as number) * w00 +
          (src[i00 + 3] as number) * w10 +
          (src[i01] as number) * w01 +
          (src[i01 + 3] as number) * w11;
        g =
          g * keep +
          (src[i00 + 1] as number) * w00 +
          (src[i00 + 4] as number) * w10 +
          (src[i01 + 1] as number) * w01 +
          (src[i01 + 4] as number) * w11;
        b =
          b * keep +
          (src[i00 + 2] as number) * w00 +
          (src[i00 + 5] as number) * w10 +
          (src[i01 + 2] as number) * w01 +
          (src[i01 + 5] as number) * w11;
      }
      // Uneven light: a gradient across the frame, and the shadow edge.
      let light = p.light + lightSpan * (((x - cx) * lx + (y - cy) * ly) / diag + 0.5);
      if (p.shadow < 1) {
        const s = (x * shx + y * shy - shOffset) / 40;
        light *= s <= -1 ? 1 : s >= 1 ? p.shadow : 1 - ((1 - p.shadow) * (s + 1)) / 2;
      }
      let glare = 0;
      for (const gl of glares) {
        const d2 = ((x - gl.x) * (x - gl.x) + (y - gl.y) * (y - gl.y)) * gl.inv;
        if (d2 < 9) glare += gl.a * Math.exp(-d2 / 2) * 255;
      }
      out[o] = r * light * 1.03 + glare;
      out[o + 1] = g * light + glare;
      out[o + 2] = b * light * 0.96 + glare;
    }
  }
}

function addNoise(data: Buffer, sigma: number, seed: number): void {
  let s = seed | 0 || 1;
  for (let i = 0; i < data.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const a = (s >>> 0) / 4294967296;
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const n = (a + (s >>> 0) / 4294967296 - 1) * 2.45 * sigma;
    const v = (data[i] as number) + n;
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
}
