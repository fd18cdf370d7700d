import { cropScale } from "../../image/crop-scale";
import { rotate180 } from "../../image/rotate-180";
import { rotateBy } from "../../image/rotate-angle";
import { rotateQuarter } from "../../image/rotate-quarter";
import { recognizeText, type OcrLine, type OcrSkipRegion } from "../../ocr/learned-ocr";
import type { GrayImage } from "../../types";
import { cleanMrzText, findMrzBand, type MrzBandGuess } from "./find-mrz-text";
import { readLearnedMrz, type LearnedMrzRead } from "./read-learned";
import { dominantTextAngle, rowsInFrame } from "./text-frame";

/*
 * Where the learned OCR finds the MRZ on a page, whatever the page's angle, its size in the picture
 * and the picture's pixel size. The detector sees every page at DETECT_SIDE px (a smaller picture
 * is brought up to it, so a picture and the same picture halved are detected alike). The band is
 * looked for along the page's own text direction (text-frame.ts) and read (read-learned.ts). When
 * none is read: where the text found fills a small part of the picture (a page small in it), that
 * part is detected again at DETECT_SIDE; then the page is turned so its text runs level, and half
 * a turn further (text read upside down, or a page turned a quarter anticlockwise, gives no MRZ
 * text), the half turn first where the first pass read nothing like an MRZ along the page's text.
 * Each is one more pass of the learned OCR, taken only when the one before found nothing; a level
 * page's half turn does not recognise again the lines the first pass read as sure upright text.
 */

/** The detector's input side (learned-ocr-process.ts MAX_SIDE). */
const DETECT_SIDE = 960;
/** Below this tilt (degrees) a page is read as it lies: the band's rectification takes out the rest. */
const LEVEL = 5;
/** The text found spans at most this share of the picture's longer side: the page is small in the picture. */
const SMALL_PAGE = 0.6;

/**
 * The learned OCR's lines of the page, or null when it is unavailable (logged; the classic engine's
 * answer stands). `maxSide`: the side the page is detected at (default DETECT_SIDE).
 */
export function learnedOcr(gray: GrayImage, skip?: readonly OcrSkipRegion[], maxSide?: number): Promise<OcrLine[] | null> {
  return recognizeText({ data: gray.data, width: gray.width, height: gray.height, channels: 1 }, { skip, maxSide }).catch(
    (error: unknown) => {
      console.error("[documents] the learned OCR failed:", error instanceof Error ? error.message : error);
      return null;
    },
  );
}

function mapLine(line: OcrLine, f: (p: [number, number]) => [number, number]): OcrLine {
  const box = line.box.map(f) as OcrLine["box"];
  return line.parts ? { ...line, box, parts: line.parts.map((part) => mapLine(part, f)) } : { ...line, box };
}

/**
 * The side (px) a printed zone smaller than it is enlarged to before the learned OCR reads it
 * (zoneOcr). Measured on the tuning pictures (bench:documents:real, one run each, the same machine):
 * read as they are, 17 of 40 printed zones compared, 36.4 s for the pictures; enlarged to 720 px,
 * 18 and 38.1 s; to 960 px (the detector's own side), 20 and 45.7 s: a fifth more time for two
 * zones, against the p95 goal of 1.5 s a document.
 */
const ZONE_SIDE = 720;

/**
 * The learned OCR's lines of `region` of the page (default: all of it), enlarged first where its
 * longer side is under ZONE_SIDE px and never shrunk here (the OCR shrinks a larger one for its
 * detector only, and recognises the lines on the full pixels), in the page's pixels: a small page's
 * labels, a few pixels tall, are found only so. `skip` (the page's pixels): regions already read
 * another way (the MRZ band), whose lines are not recognised again.
 */
export function zoneOcr(gray: GrayImage, region?: OcrSkipRegion, skip?: readonly OcrSkipRegion[]): Promise<OcrLine[] | null> {
  return regionOcr(gray, region, (side) => Math.max(1, ZONE_SIDE / side), skip);
}

/**
 * The learned OCR's lines of `region` of the page (default: all of it) detected at DETECT_SIDE px,
 * in the page's pixels.
 */
export function pageOcr(gray: GrayImage, region?: OcrSkipRegion): Promise<OcrLine[] | null> {
  return regionOcr(gray, region, (side) => DETECT_SIDE / side);
}

/**
 * The learned OCR's lines of `region` of the page (default: all of it), the region resampled by
 * `scaleFor` its longer side first (the whole page, not enlarged, is read as it is: the OCR shrinks
 * it for its detector itself, to `detectSide`, default DETECT_SIDE), in the page's pixels; `skip` in
 * the page's pixels.
 */
async function regionOcr(
  gray: GrayImage,
  region: OcrSkipRegion | undefined,
  scaleFor: (side: number) => number,
  skip?: readonly OcrSkipRegion[],
  detectSide?: number,
): Promise<OcrLine[] | null> {
  const x0 = Math.max(0, Math.floor(region?.x ?? 0));
  const y0 = Math.max(0, Math.floor(region?.y ?? 0));
  const x1 = Math.min(gray.width, Math.ceil(region ? region.x + region.width : gray.width));
  const y1 = Math.min(gray.height, Math.ceil(region ? region.y + region.height : gray.height));
  if (x1 - x0 < 1 || y1 - y0 < 1) return [];
  const k = scaleFor(Math.max(x1 - x0, y1 - y0));
  if (x0 === 0 && y0 === 0 && x1 === gray.width && y1 === gray.height && k <= 1) return learnedOcr(gray, skip, detectSide);
  const image = await cropScale(gray, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, k);
  const sx = (x1 - x0) / image.width;
  const sy = (y1 - y0) / image.height;
  const skipped = skip?.map((r) => ({ x: (r.x - x0) / sx, y: (r.y - y0) / sy, width: r.width / sx, height: r.height / sy }));
  const lines = await learnedOcr(image, skipped, detectSide);
  return lines && lines.map((line) => mapLine(line, ([x, y]) => [x0 + x * sx, y0 + y * sy]));
}

/** The part of the picture the text found lies in, with a margin of a quarter of its size (the MRZ may be below what was found). */
export function textRegion(lines: OcrLine[], gray: GrayImage): OcrSkipRegion | null {
  const points = lines.flatMap((l) => l.box);
  if (points.length === 0) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs);
  const h = Math.max(...ys) - Math.min(...ys);
  const x = Math.max(0, Math.min(...xs) - w / 4);
  const y = Math.max(0, Math.min(...ys) - h / 4);
  return { x, y, width: Math.min(gray.width, Math.max(...xs) + w / 4) - x, height: Math.min(gray.height, Math.max(...ys) + h / 4) - y };
}

/** The MRZ's band among a page's learned lines, looked for along the page's own text direction (then along x). */
export function bandOn(lines: OcrLine[]): { guess: MrzBandGuess; angle: number } | null {
  const angle = dominantTextAngle(lines) ?? 0;
  const guess = findMrzBand(lines, angle);
  if (guess) return { guess, angle };
  const level = angle !== 0 ? findMrzBand(lines, 0) : null;
  return level && { guess: level, angle: 0 };
}

/**
 * A turned page's lines, detected at the scale the upload was (as pageOcr detects it: its longer
 * side brought to DETECT_SIDE, a smaller upload enlarged): a turn between quarter turns grows the
 * canvas by up to ~1.4× with blank corners, and the turned page brought to DETECT_SIDE would be seen
 * smaller than the upload was, its small print under what the detector finds (a passport on a desk
 * turned 15° read nothing so; it reads at the upload's scale).
 */
function turnedPageOcr(turned: GrayImage, upload: GrayImage, skip?: readonly OcrSkipRegion[]): Promise<OcrLine[] | null> {
  const k = DETECT_SIDE / Math.max(upload.width, upload.height);
  return regionOcr(turned, undefined, () => k, skip, Math.max(DETECT_SIDE, Math.round(k * Math.max(turned.width, turned.height))));
}

/** A line read this sure, of at least SURE_GLYPHS letters or digits and no filler, is upright text. */
const SURE_SCORE = 0.95;
const SURE_GLYPHS = 4;

/**
 * Where the lines read as sure upright text lie on the page turned half a turn (its pixels): that
 * pass need not recognise them again. A line is printed one way up; read upright at SURE_SCORE it
 * is no MRZ line the other way up. The pass itself is not skipped: a passport booklet prints its
 * facing page the other way up, and upright text there says nothing of the data page's MRZ.
 */
export function uprightLinesHalfTurned(lines: readonly OcrLine[], gray: Pick<GrayImage, "width" | "height">): OcrSkipRegion[] {
  return lines
    .flatMap((line) => line.parts ?? [line])
    .filter(
      (part) => part.score >= SURE_SCORE && !part.text.includes("<") && (part.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= SURE_GLYPHS,
    )
    .map(({ box: [tl, tr, , bl] }) => {
      // Around the line's centre turned, as long as the line and half its height either side: the
      // centre of no other line lies so near (a tilted line's bounding box would reach its neighbours').
      const cx = gray.width - (tr[0] + bl[0]) / 2;
      const cy = gray.height - (tr[1] + bl[1]) / 2;
      const length = Math.hypot(tr[0] - tl[0], tr[1] - tl[1]);
      const height = Math.hypot(bl[0] - tl[0], bl[1] - tl[1]);
      return { x: cx - length / 2, y: cy - height / 2, width: length, height };
    });
}

/** The page turned so text running at `angle` degrees (text-frame.ts) runs left to right. */
function turnPage(gray: GrayImage, angle: number): GrayImage {
  const a = ((angle % 360) + 360) % 360;
  if (Math.abs(a - 180) < 0.5) return rotate180(gray);
  if (Math.abs(a - 90) < 0.5) return rotateQuarter(gray, false);
  if (Math.abs(a - 270) < 0.5) return rotateQuarter(gray, true);
  return rotateBy(gray, -a).image;
}

export interface LearnedSearch {
  read: LearnedMrzRead;
  /** The page the band was read on (the upload's, or turned). */
  page: GrayImage;
  /** The direction (degrees, text-frame.ts) the band's text ran in the upload: the page's turn before reading plus the band's angle on it. */
  turn: number;
  /** Its learned lines, joined into rows along its text (for the printed zone). */
  pageLines: OcrLine[];
  /** Passes of the learned OCR over the page after the first. */
  passes: number;
}

/**
 * A reading that ends the search: accepted, or read alike by two readers though it does not add up
 * (a finding about the document). A band read and refused otherwise may have been cut the wrong way
 * round (a turned page's boxes read one by one give the right text in the wrong row order, and the
 * band is rectified upside down): the next zoom or turn is still tried, and the refusal is the
 * answer only if none reads.
 */
const settled = (search: LearnedSearch) => search.read.decision.accepted || search.read.agreedInvalid !== null;

/** `upright`: the page's lines (pageOcr). Null when no MRZ text was found at all. */
export async function searchLearnedMrz(gray: GrayImage, upright: OcrLine[], now: Date): Promise<LearnedSearch | null> {
  let passes = 0;
  // A band the learned OCR could not read whole and the OCR-B readers did not accept is no finding:
  // the search goes on (a zoom or a turn may read it whole), and it is the answer only if none does.
  let unsettled: LearnedSearch | null = null;
  const readOn = async (page: GrayImage, lines: OcrLine[], turn = 0): Promise<LearnedSearch | null> => {
    const found = bandOn(lines);
    const read = found && (await readLearnedMrz(page, found.guess, now));
    const search = read && {
      read,
      page,
      turn: turn + found.angle,
      pageLines: found.angle !== 0 ? rowsInFrame(lines, found.angle) : lines,
      passes,
    };
    if (search && !read.textWhole && !read.decision.accepted) {
      unsettled ??= search;
      return null;
    }
    return search;
  };
  const angle = dominantTextAngle(upright);
  const level = angle === null || Math.abs(angle) < LEVEL;
  const first = await readOn(gray, upright);
  // Text read across a turned page is read box by box, each turned upright on its own, and the
  // rows are put together from the boxes: a band so read and refused is not the page's last word
  // (a card turned a quarter had its three lines joined into one row and two wrong ones taken for
  // the band). The page turned upright is read too; the first reading stands if that reads nothing.
  if (first && (first.read.decision.accepted || level)) return first;
  if (first) unsettled ??= first;
  const region = textRegion(upright, gray);
  if (region && Math.max(region.width / gray.width, region.height / gray.height) <= SMALL_PAGE) {
    passes++;
    const zoomed = await pageOcr(gray, region);
    const read = zoomed && (await readOn(gray, zoomed));
    if (read && settled(read)) return read;
    if (read) unsettled ??= read;
  }
  // The first pass read every box along `angle`: where it read no run of fillers anywhere, the
  // text is more likely upside down along it (a page turned a quarter anticlockwise reads as
  // nothing), and the half turn is tried first.
  const readAlong = upright.some((l) => cleanMrzText(l.text).includes("<<"));
  // No line read at all: upside-down print falls under the recogniser's confidence floor, so a page
  // of which nothing was read is read once more the other way up.
  const turns = level ? [180] : readAlong ? [angle, angle + 180] : [angle + 180, angle];
  // A level page's one turn is the half turn: its lines read as sure upright text are not read again.
  const skip = level ? uprightLinesHalfTurned(upright, gray) : undefined;
  for (const turn of turns) {
    const turned = turnPage(gray, turn);
    passes++;
    const lines = await turnedPageOcr(turned, gray, skip);
    const read = lines && (await readOn(turned, lines, turn));
    if (read && settled(read)) return read;
    if (read) unsettled ??= read;
  }
  return unsettled;
}
