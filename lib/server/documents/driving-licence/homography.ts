import { homographyFrom, mapPoint, type Homography } from "../image/homography";

/*
 * The driving licence's names for the one perspective solver of the document engine
 * (image/homography.ts): the card's flat rectangle to the photo and back.
 */

export type { Homography };
export type Point = [number, number];

/** The homography taking each of four `from` points to the matching `to` point; throws on a degenerate quadrilateral. */
export function homography(from: Point[], to: Point[]): Homography {
  const h = homographyFrom(from, to);
  if (!h) throw new Error("degenerate quadrilateral");
  return h;
}

export function project(h: Homography, [x, y]: Point): Point {
  return mapPoint(h, x, y);
}
