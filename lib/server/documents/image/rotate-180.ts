import type { GrayImage } from "../types";

/** The image turned half a turn (a page photographed upside down). */
export function rotate180(image: GrayImage): GrayImage {
  const data = new Uint8Array(image.data.length);
  for (let i = 0, j = data.length - 1; i < data.length; i++, j--) data[i] = image.data[j]!;
  return { width: image.width, height: image.height, data };
}
