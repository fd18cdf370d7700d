import { cropScale } from "../../image/crop-scale";
import { sampleBilinear } from "../../image/integral";
import type { OcrLine } from "../../ocr/learned-ocr";
import {
  MRZ_LINE_CAP_HEIGHT,
  MRZ_SHAPES,
  type GrayImage,
  type LocatedMrz,
  type MrzFormat,
  type MrzLineImage,
  type MrzReading,
} from "../../types";
import { acceptMrz, type MrzDecision } from "../accept-mrz";
import { readMrzCells } from "../cell-classifier/read-mrz-cells";
import { straightenLine, type LineGeometry } from "../locate/straighten-line";
import { locateMrz } from "../locate-mrz";
import { readMrzTesseract } from "../ocrb-tesseract/read-mrz-tesseract";
import { parseMrz } from "../parse-mrz";
import { applyPositionClasses, outsideClass } from "../position-classes";
import { readMrzTemplate } from "../template-reader";
import type { OcrMrz } from "./find-mrz-text";

/*
 * Reading an MRZ the learned OCR found. Its boxes say where the lines are and how tall: the band
 * is cut out and scaled to the size the OCR-B readers were made for, and the classic locator
 * straightens its lines there (or, where it finds no lines on a busy background, each line is
 * straightened from its box). The template matcher, the trained Tesseract and the cell classifier
 * read those lines; the learned OCR's own text is one more independent reading. The gate
 * (accept-mrz.ts) is the same: two readers agreeing character for character (after the
 * position classes), or the template matcher alone with every margin wide, or a pair whose few
 * disputed cells the other readings settle cell by cell (the check digits never choose).
 */

/** Cap height the band is scaled to before the classic locator looks at it (it reads from 9 px; OCR-B was modelled at ~30). */
const TARGET_BOX_HEIGHT = 44;

export interface LearnedMrzRead {
  format: MrzFormat;
  decision: MrzDecision;
  readings: MrzReading[];
  /** Lines two readers read identically (position classes applied) though the check digits refuse them. */
  agreedInvalid: string[] | null;
  /** The band as located, in the page's pixels (for the retake hint when nothing agrees). */
  located: Pick<LocatedMrz, "capHeight" | "glare" | "sharpness"> | null;
  /** How the lines for the OCR-B readers were found: "locator" on the band, "boxes", or none. */
  linesFrom: "locator" | "boxes" | null;
}

function shapeOf(format: MrzFormat): MrzFormat {
  return format === "TD1" ? "TD1" : MRZ_SHAPES[format].chars === 44 ? "TD3" : "TD2";
}

function boxGeometry(line: OcrLine) {
  const [tl, tr, , bl] = line.box;
  const width = Math.hypot(tr[0] - tl[0], tr[1] - tl[1]);
  const height = Math.hypot(bl[0] - tl[0], bl[1] - tl[1]);
  return {
    tl,
    width,
    height,
    u: [(tr[0] - tl[0]) / (width || 1), (tr[1] - tl[1]) / (width || 1)] as const,
    v: [(bl[0] - tl[0]) / (height || 1), (bl[1] - tl[1]) / (height || 1)] as const,
  };
}

function otsu(values: Uint8Array): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of values) hist[v]!++;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i]!;
  let below = 0;
  let sumBelow = 0;
  let best = -1;
  let level = 128;
  for (let t = 0; t < 256; t++) {
    below += hist[t]!;
    if (below === 0 || below === values.length) continue;
    sumBelow += t * hist[t]!;
    const m0 = sumBelow / below;
    const m1 = (sumAll - sumBelow) / (values.length - below);
    const between = below * (values.length - below) * (m0 - m1) ** 2;
    if (between > best) {
      best = between;
      level = t;
    }
  }
  return level;
}

/**
 * One line straightened from its learned box: the box is sampled upright, the ink's rows give the
 * cap height and its first and last columns the cells (OCR-B: a glyph is ~0.7 of its cell).
 */
export function lineFromBox(image: GrayImage, line: OcrLine, chars: number): MrzLineImage | null {
  const { tl, width, height, u, v } = boxGeometry(line);
  const W = Math.round(width);
  const H = Math.round(height);
  if (W < chars * 3 || H < 6) return null;
  const strip = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      strip[y * W + x] = Math.round(sampleBilinear(image, tl[0] + u[0] * x + v[0] * y, tl[1] + u[1] * x + v[1] * y));
  const level = otsu(strip);
  const rowInk = new Array<number>(H).fill(0);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (strip[y * W + x]! <= level) rowInk[y]!++;
  const peak = Math.max(...rowInk);
  if (peak === 0) return null;
  // The text's rows: the run of inked rows around the fullest one.
  let centre = rowInk.indexOf(peak);
  const mid = Math.floor(H / 2);
  for (let y = 0; y < H; y++) if (rowInk[y]! > 0.6 * peak && Math.abs(y - mid) < Math.abs(centre - mid)) centre = y;
  let top = centre;
  let bottom = centre;
  while (top > 0 && rowInk[top - 1]! > 0.12 * peak) top--;
  while (bottom < H - 1 && rowInk[bottom + 1]! > 0.12 * peak) bottom++;
  const cap = bottom - top + 1;
  if (cap < 5) return null;
  const colInk = (x: number) => {
    let n = 0;
    for (let y = top; y <= bottom; y++) if (strip[y * W + x]! <= level) n++;
    return n;
  };
  const minInk = Math.max(1, Math.round(cap * 0.15));
  let x0 = 0;
  while (x0 < W && colInk(x0) < minInk) x0++;
  let x1 = W - 1;
  while (x1 > x0 && colInk(x1) < minInk) x1--;
  if (x1 - x0 < chars * 2) return null;
  const pitch = (x1 - x0 + 1) / (chars - 0.3);
  const yMid = (top + bottom) / 2;
  const at = (k: number): [number, number] => {
    const x = x0 + 0.35 * pitch + k * pitch;
    return [tl[0] + u[0] * x + v[0] * yMid, tl[1] + u[1] * x + v[1] * yMid];
  };
  const geometry: LineGeometry = { x: (k) => at(k)[0], y: (k) => at(k)[1], cap: () => cap, pitchOut: (MRZ_LINE_CAP_HEIGHT * pitch) / cap };
  return straightenLine(image, geometry, chars);
}

function learnedReading(mrz: OcrMrz): MrzReading {
  return {
    reader: "learned",
    lines: mrz.texts,
    confidence: mrz.texts.map((t, i) => new Array<number>(t.length).fill(mrz.lines[i]!.score)),
  };
}

/** The OCR-B lines of the band: the classic locator on the band cut out and scaled, else each line from its box. */
async function ocrbLines(
  gray: GrayImage,
  mrz: OcrMrz,
): Promise<{ lines: MrzLineImage[]; from: "locator" | "boxes"; located: LearnedMrzRead["located"] } | null> {
  const xs = mrz.lines.flatMap((l) => l.box.map((p) => p[0]));
  const ys = mrz.lines.flatMap((l) => l.box.map((p) => p[1]));
  const h = [...mrz.lines.map((l) => boxGeometry(l).height)].sort((a, b) => a - b)[mrz.lines.length >> 1]!;
  const rect = { x: Math.min(...xs) - 1.2 * h, y: Math.min(...ys) - 1.0 * h, width: 0, height: 0 };
  rect.width = Math.max(...xs) + 1.2 * h - rect.x;
  rect.height = Math.max(...ys) + 1.0 * h - rect.y;
  rect.x = Math.max(0, rect.x);
  rect.y = Math.max(0, rect.y);
  const scale = Math.max(0.5, Math.min(4, TARGET_BOX_HEIGHT / Math.max(1, h)));
  const band = await cropScale(gray, rect, scale);
  const located = locateMrz(band, [shapeOf(mrz.format)]);
  if (located.found && located.mrz.lines.length === mrz.lines.length) {
    const m = located.mrz;
    return { lines: m.lines, from: "locator", located: { capHeight: m.capHeight / scale, glare: m.glare, sharpness: m.sharpness } };
  }
  const chars = MRZ_SHAPES[mrz.format].chars;
  const fromBoxes = mrz.lines.map((l) => lineFromBox(gray, l, chars));
  if (fromBoxes.some((l) => !l)) return null;
  return { lines: fromBoxes as MrzLineImage[], from: "boxes", located: null };
}

/** Readers that choose each cell among its layout class's glyphs (the template matcher, the cell classifier). */
const classed = (r: MrzReading) => r.reader === "template" || r.reader === "cells";

function samePositionClassed(format: MrzFormat, a: MrzReading, b: MrzReading): string[] | null {
  const x = applyPositionClasses(format, a.lines);
  const y = applyPositionClasses(format, b.lines);
  return x.length === y.length && x.every((line, i) => line === y[i]) ? x : null;
}

/**
 * An MRZ that does not add up is reported as printed: where two readers free of the layout's
 * classes read a cell alike, with a glyph its class cannot hold (an `A` printed where a check
 * digit belongs, which the classed readers must read as some digit), their glyph is the one on the
 * page. Confusable glyphs (`O` for `0`) stay with the class. Only the words of a refusal change:
 * nothing here can accept a document.
 */
export function asPrinted(format: MrzFormat, agreed: string[], free: MrzReading[]): string[] {
  if (free.length < 2) return agreed;
  return agreed.map((line, i) => {
    const rows = free.map((r) => r.lines[i]);
    if (rows.some((row) => row?.length !== line.length)) return line;
    return Array.from(line, (glyph, k) => {
      const seen = rows[0]![k]!;
      if (seen === glyph || rows.some((row) => row![k] !== seen)) return glyph;
      return outsideClass(format, i, k, seen) ? seen : glyph;
    }).join("");
  });
}

export async function readLearnedMrz(gray: GrayImage, mrz: OcrMrz, now: Date): Promise<LearnedMrzRead> {
  const { format } = mrz;
  const learned = learnedReading(mrz);
  const found = await ocrbLines(gray, mrz).catch(() => null);
  const readings: MrzReading[] = [learned];
  let decision: MrzDecision = acceptMrz(format, learned, null, now);
  if (!found) return { format, decision, readings, agreedInvalid: null, located: null, linesFrom: null };

  const tesseractPromise = readMrzTesseract(found.lines).catch(() => null);
  const template = readMrzTemplate(found.lines, format);
  readings.unshift(template);
  const tesseract = await tesseractPromise;
  if (tesseract) readings.push(tesseract);
  const pairs: [MrzReading, MrzReading | null][] = [
    [template, learned],
    [template, tesseract],
    [learned, tesseract],
  ];
  // Every other reading of the band is a witness for the cells a pair disputes.
  const witnessesOf = (...pair: (MrzReading | null)[]) => readings.filter((r) => !pair.includes(r));
  for (const [a, b] of pairs) {
    if (!b && a !== template) continue;
    decision = acceptMrz(format, a, b, now, witnessesOf(a, b));
    if (decision.accepted) break;
  }
  if (!decision.accepted) {
    let cells: MrzReading | null = null;
    try {
      cells = readMrzCells(found.lines, format);
    } catch {
      cells = null;
    }
    if (cells) {
      readings.push(cells);
      // The cell classifier as a reader of a pair, and as a witness for the pairs already tried.
      const withCells: [MrzReading, MrzReading | null][] = [[template, cells], [learned, cells], ...pairs.filter(([, b]) => b)];
      for (const [a, b] of withCells) {
        const next = acceptMrz(format, a, b, now, witnessesOf(a, b));
        if (next.accepted) {
          decision = next;
          break;
        }
      }
    }
  }
  let agreedInvalid: string[] | null = null;
  if (!decision.accepted) {
    // Readers free of the layout's classes first: a document printed against its layout (a letter
    // where a digit belongs) is read as printed only by them; the classed readers agree on the class.
    const order = [...readings].sort((a, b) => Number(classed(a)) - Number(classed(b)));
    outer: for (let i = 0; i < order.length; i++) {
      for (let j = i + 1; j < order.length; j++) {
        const same = samePositionClassed(format, order[i]!, order[j]!);
        if (same && !parseMrz(same, now).valid) {
          agreedInvalid = asPrinted(
            format,
            same,
            readings.filter((r) => !classed(r)),
          );
          break outer;
        }
      }
    }
  }
  return { format, decision, readings, agreedInvalid, located: found.located, linesFrom: found.from };
}
