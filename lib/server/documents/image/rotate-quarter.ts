import type { GrayImage } from "../types";

/** The image turned a quarter turn: clockwise (a page photographed lying on its left side) or anticlockwise. */
export function rotateQuarter(image: GrayImage, clockwise: boolean): GrayImage {
  const { width: w, height: h } = image;
  const data = new Uint8Array(w * h);
  // Output is h wide, w tall.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const v = image.data[row + x]!;
      const ox = clockwise ? h - 1 - y : y;
      const oy = clockwise ? x : w - 1 - x;
      data[oy * h + ox] = v;
    }
  }
  return { width: h, height: w, data };
}
