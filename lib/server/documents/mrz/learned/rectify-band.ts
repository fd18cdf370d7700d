import { warpQuad, type Homography, type Point } from "../../image/homography";
import type { OcrLine } from "../../ocr/learned-ocr";
import { MRZ_SHAPES, type GrayImage } from "../../types";
import { cleanMrzText, type MrzBandGuess } from "./find-mrz-text";

/*
 * The MRZ band cut out of the page by its four corners, not by a crop. The band is a printed
 * rectangle: its top edge is the first line's top, its bottom edge the last line's bottom, its
 * sides the lines' starts and ends. The detector's boxes of the outermost lines give those edges at
 * whatever angle and in whatever perspective the page lies, and the homography taking their
 * corners to a rectangle undoes both at once (a crop undoes neither). Lines whose runs of fillers
 * the detector missed are followed to the layout's length along their own direction. The band is
 * first resampled so a line's box is BOX_HEIGHT px tall, whatever the page's size in the picture and
 * the picture's size; the caller then measures the capitals there and may cut it again at the
 * scale that brings them to the height its readers want (a box's height is only a rough measure
 * of the text's: the detector's boxes are looser around small text).
 */

/** Height the lines' boxes are brought to (the detector's box is ~1.5 cap heights: caps of ~29 px, where OCR-B was modelled at ~30). */
export const BOX_HEIGHT = 44;
/** The band is never made wider or taller than this (a 44-character line at BOX_HEIGHT is ~1,400 px wide; three lines with their margins ~300 px tall). */
const MAX_WIDTH = 2400;
const MAX_HEIGHT = 1000;

/**
 * The cells a line's text lacks are followed this much further than its own pitch says: in a page
 * seen obliquely the cells grow toward the near side (~25 % across a line at 25–30°), and a band
 * cut short leaves its last cells out (the locator answers cut_off); a little blank is harmless.
 */
const MISSING_SLACK = 1.3;

export interface RectifiedBand {
  /** The band upright, lines horizontal, boxes BOX_HEIGHT px tall, with a margin around the lines. */
  image: GrayImage;
  /** The band's pixels → the page's. */
  toPage: Homography;
  /** Band px per page px. */
  scale: number;
  /** The characters the band was cut for: 30 for three lines, else 44 (the longest two-line layout). */
  chars: number;
}

const sub = (a: Point, b: Point): [number, number] => [a[0] - b[0], a[1] - b[1]];
const len = (a: Point) => Math.hypot(a[0], a[1]);
const unit = (a: Point): [number, number] => [a[0] / (len(a) || 1), a[1] / (len(a) || 1)];
const along = (p: Point, d: Point, t: number): [number, number] => [p[0] + d[0] * t, p[1] + d[1] * t];

function boxSize(line: OcrLine) {
  const [tl, tr, , bl] = line.box;
  return { width: len(sub(tr, tl)), height: len(sub(bl, tl)) };
}

/**
 * The band's quadrilateral in the page (clockwise from its top-left), margins included: 0.6 box
 * heights (about a cell; the detector's boxes are padded already) before the lines and after their
 * expected ends, one box height above and below. A wider margin reaches past the page's edge where
 * the MRZ runs close to it, and the edge's dark line joins the MRZ's lines in the locator.
 */
export function bandQuad(guess: Pick<MrzBandGuess, "lines" | "texts">, chars: number): [Point, Point, Point, Point] {
  const first = guess.lines[0]!;
  const last = guess.lines.at(-1)!;
  const heights = guess.lines.map((l) => boxSize(l).height).sort((a, b) => a - b);
  const h = heights[heights.length >> 1]!;
  // A line's expected length: its box, plus the cells its text lacks at its own pitch (with slack).
  const expected = (line: OcrLine, text: string) => {
    const { width } = boxSize(line);
    return width + MISSING_SLACK * Math.max(0, chars - text.length) * (width / Math.max(1, text.length));
  };
  // An MRZ's lines are one length. Where a line's text is about whole (within 3 of the layout's
  // length), its pitch says how long every line is; a line whose text lost cells its box still
  // spans (chevrons the recogniser dropped: `1M00029067<0<<` across a whole card line) would
  // otherwise be followed far past the band's end at the pitch its short text gives.
  const lines = guess.lines.map((l, i) => ({
    width: boxSize(l).width,
    expected: expected(l, guess.texts[i] ?? ""),
    text: guess.texts[i] ?? "",
  }));
  // A line whose box is known to end where the line does is measured, not followed: one read with
  // every cell, or the second line (every layout ends it with the composite check digit, never a
  // filler) read about whole up to a digit at its end. The lines short of a few cells are not
  // followed past it at their own pitch (a card in perspective: a line a filler short was followed
  // a tenth past the band's end, into the card's edge). Judged on the text as the recogniser read it:
  // a text fitted to the layout's length (find-mrz-text.ts fitLength) had cells dropped, and its box
  // may have lost them too.
  const measured = guess.lines
    .map((l) => cleanMrzText(l.text))
    .some((text, i) => text.length === chars || (i === 1 && /\d$/.test(text) && Math.abs(text.length - chars) <= 3));
  const whole = lines.filter((l) => Math.abs(l.text.length - chars) <= 3);
  const longest = measured
    ? Math.max(...lines.map((l) => l.width))
    : whole.length
      ? Math.max(...lines.map((l) => l.width), ...whole.map((l) => l.expected))
      : Math.max(...lines.map((l) => l.expected));
  const topDir = unit(sub(first.box[1], first.box[0]));
  const bottomDir = unit(sub(last.box[2], last.box[3]));
  const margin = 0.6 * h;
  const topLeft = along(first.box[0], topDir, -margin);
  const topRight = along(first.box[0], topDir, longest + margin);
  const bottomLeft = along(last.box[3], bottomDir, -margin);
  const bottomRight = along(last.box[3], bottomDir, longest + margin);
  const leftDir = unit(sub(bottomLeft, topLeft));
  const rightDir = unit(sub(bottomRight, topRight));
  return [along(topLeft, leftDir, -h), along(topRight, rightDir, -h), along(bottomRight, rightDir, h), along(bottomLeft, leftDir, h)];
}

/** `scale`: band px per page px (default: the lines' boxes brought to BOX_HEIGHT). */
export async function rectifyBand(gray: GrayImage, guess: MrzBandGuess, scale?: number): Promise<RectifiedBand | null> {
  // Always the longest layout of the band's line count: a text's layout is only as sure as its
  // length, and a line whose fillers were missed can pass for a shorter layout (a TD3 line read as
  // 36 characters is a TD2's length); the lines found in the band tell.
  const chars = guess.lines.length === 3 ? MRZ_SHAPES.TD1.chars : MRZ_SHAPES.TD3.chars;
  const quad = bandQuad(guess, chars);
  const heights = guess.lines.map((l) => boxSize(l).height).sort((a, b) => a - b);
  const h = heights[heights.length >> 1]!;
  if (!(h > 0)) return null;
  scale ??= BOX_HEIGHT / h;
  const width = (len(sub(quad[1], quad[0])) + len(sub(quad[2], quad[3]))) / 2;
  const height = (len(sub(quad[3], quad[0])) + len(sub(quad[2], quad[1]))) / 2;
  scale = Math.min(scale, MAX_WIDTH / Math.max(1, width), MAX_HEIGHT / Math.max(1, height));
  const warped = await warpQuad(gray, quad, width * scale, height * scale);
  return warped && { image: warped.image, toPage: warped.toSource, scale, chars };
}
