// The picture transforms of npm run bench:documents:invariance (issue 33, item 3): the ordinary
// changes a phone picture goes through, applied to a real picture that reads. Each returns a new
// upload (JPEG quality 95, as a phone sends, except jpeg50). The glare band and the crop are put by
// the picture's truth (where its MRZ lies) so that neither touches the MRZ: a transform must leave
// the MRZ there to be read, or the bench would count the transform's fault as the engine's.
import sharp, { type Sharp } from "sharp";
import type { TruthImage } from "../support/real-documents";
import { perspective } from "./perspective-warp";
import { edgeColour, pageBox, type Box, type Raw } from "./picture-pixels";

export { decodeUpright } from "./picture-pixels";

export interface Transform {
  name: string;
  apply(raw: Raw, image: TruthImage): Promise<Buffer>;
}

const fromRaw = (raw: Raw) => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
const jpeg = (s: Sharp, quality = 95) => s.jpeg({ quality }).toBuffer();

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
