import type { GrayImage } from "../types";
import { homography, project, type Homography, type Point } from "./homography";

/** The card face drawn flat at the photocard's layout size (85.6 × 54 mm at 12 px/mm). */
export const CARD_WIDTH = 1027;
export const CARD_HEIGHT = 648;

export interface FlatCard {
  image: GrayImage;
  /** Card px → photo px. */
  toPhoto: Homography;
}

/**
 * Resamples the card's quadrilateral (corners TL, TR, BR, BL as it lies in the photo) flat and
 * upright; `turned` reads it from the opposite corner (a card photographed upside down).
 */
export function warpCard(photo: GrayImage, corners: [Point, Point, Point, Point], turned: boolean): FlatCard {
  const target = turned ? [corners[2], corners[3], corners[0], corners[1]] : corners;
  const flat: Point[] = [
    [0, 0],
    [CARD_WIDTH, 0],
    [CARD_WIDTH, CARD_HEIGHT],
    [0, CARD_HEIGHT],
  ];
  const toPhoto = homography(flat, target);
  const data = new Uint8Array(CARD_WIDTH * CARD_HEIGHT);
  const { width, height } = photo;
  const src = photo.data;
  for (let y = 0; y < CARD_HEIGHT; y++) {
    for (let x = 0; x < CARD_WIDTH; x++) {
      const [u, v] = project(toPhoto, [x + 0.5, y + 0.5]);
      const fx = u - 0.5;
      const fy = v - 0.5;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        data[y * CARD_WIDTH + x] = 255;
        continue;
      }
      const ax = fx - x0;
      const ay = fy - y0;
      const i = y0 * width + x0;
      const top = (src[i] ?? 0) * (1 - ax) + (src[i + 1] ?? 0) * ax;
      const bottom = (src[i + width] ?? 0) * (1 - ax) + (src[i + width + 1] ?? 0) * ax;
      data[y * CARD_WIDTH + x] = Math.round(top * (1 - ay) + bottom * ay);
    }
  }
  return { image: { width: CARD_WIDTH, height: CARD_HEIGHT, data }, toPhoto };
}

/** Mean grey of a box of the flat card. */
export function meanIn(card: GrayImage, box: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  let count = 0;
  for (let y = box.y; y < box.y + box.h; y += 2) {
    for (let x = box.x; x < box.x + box.w; x += 2) {
      sum += card.data[y * card.width + x] ?? 0;
      count++;
    }
  }
  return count ? sum / count : 0;
}
