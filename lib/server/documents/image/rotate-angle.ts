import type { GrayImage } from "../types";
import { sampleBilinear } from "./integral";

/*
 * A picture turned by any angle about its centre, on a canvas grown to hold all of it (the corners
 * it uncovers are white). Quarter and half turns are exact elsewhere (rotate-quarter.ts,
 * rotate-180.ts); this is for the angles between, where a page lies askew on a desk.
 */

/**
 * The image turned by `degrees` clockwise as seen on screen (x right, y down), and the map from
 * the turned image's pixels back to the source's.
 */
export function rotateBy(image: GrayImage, degrees: number): { image: GrayImage; toSource: (x: number, y: number) => [number, number] } {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const { width: w, height: h } = image;
  const W = Math.max(1, Math.round(Math.abs(w * cos) + Math.abs(h * sin)));
  const H = Math.max(1, Math.round(Math.abs(w * sin) + Math.abs(h * cos)));
  const cx = w / 2;
  const cy = h / 2;
  const CX = W / 2;
  const CY = H / 2;
  // Output point p ← source point R(−a)·(p − C) + c (continuous coordinates, pixel centres at +0.5).
  const toSource = (x: number, y: number): [number, number] => {
    const dx = x - CX;
    const dy = y - CY;
    return [cx + cos * dx + sin * dy, cy - sin * dx + cos * dy];
  };
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const [sx, sy] = toSource(x + 0.5, y + 0.5);
      data[y * W + x] = Math.round(sampleBilinear(image, sx - 0.5, sy - 0.5));
    }
  }
  return { image: { width: W, height: H, data }, toSource };
}
