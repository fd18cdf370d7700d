import { MRZ_SHAPES, type GrayImage, type LocatedMrz, type MrzFormat, type MrzLineImage, type MrzReading } from "../../types";
import { acceptMrz, acceptPairs, type MrzDecision } from "../accept-mrz";
import { readMrzCells } from "../cell-classifier/read-mrz-cells";
import { readMrzTesseract } from "../ocrb-tesseract/read-mrz-tesseract";
import { parseMrz } from "../parse-mrz";
import { applyPositionClasses, outsideClass } from "../position-classes";
import { readMrzTemplate } from "../template-reader";
import { bandAtReadingScale, intoBand, lineFromBox, mrzInBand, ocrbLines, shapeOf } from "./band-lines";
import { layoutOfShape, type MrzBandGuess, type OcrMrz } from "./find-mrz-text";

/*
 * Reading an MRZ the learned OCR found. Its boxes say where the band is, at what angle, in what
 * perspective and how tall: the band is cut out by its corners, brought level and to one scale
 * (band-lines.ts, rectify-band.ts), and its lines straightened there. The template matcher, the
 * trained Tesseract and the cell classifier read those lines; the learned OCR's own text is one
 * more independent reading. The gate (accept-mrz.ts) is the same: two readers agreeing character
 * for character (after the position classes), or the template matcher alone with every margin
 * wide, or a pair whose few disputed cells the other readings settle cell by cell (the check
 * digits never choose).
 */

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
  /** False where the learned OCR could not read the band's text whole and the OCR-B readers read it alone (readBandWithoutText). */
  textWhole: boolean;
}

function learnedReading(mrz: OcrMrz): MrzReading {
  return {
    reader: "learned",
    lines: mrz.texts,
    confidence: mrz.texts.map((t, i) => new Array<number>(t.length).fill(mrz.lines[i]!.score)),
  };
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

/**
 * Lines two readers read identically (position classes applied) though the check digits refuse
 * them, as printed (asPrinted); null when no two readers agree so.
 */
function agreedButInvalid(format: MrzFormat, readings: MrzReading[], now: Date): string[] | null {
  // Readers free of the layout's classes first: a document printed against its layout (a letter
  // where a digit belongs) is read as printed only by them; the classed readers agree on the class.
  const order = [...readings].sort((a, b) => Number(classed(a)) - Number(classed(b)));
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length; j++) {
      const same = samePositionClassed(format, order[i]!, order[j]!);
      if (same && !parseMrz(same, now).valid)
        return asPrinted(
          format,
          same,
          readings.filter((r) => !classed(r)),
        );
    }
  }
  return null;
}

/** The cell classifier's reading; a failure of it (a missing or mismatched model) leaves the gate as it was. */
function cellsReading(lines: LocatedMrz["lines"], format: MrzFormat): MrzReading | null {
  try {
    return readMrzCells(lines, format);
  } catch {
    return null;
  }
}

/** Null when no whole MRZ text was found (the band guessed from partial lines read no better). */
export async function readLearnedMrz(gray: GrayImage, guess: MrzBandGuess, now: Date): Promise<LearnedMrzRead | null> {
  const cut = await bandAtReadingScale(gray, guess).catch(() => null);
  if (!cut) return null;
  const { band } = cut;
  const mrz = await mrzInBand(band, guess, cut.located);
  if (!mrz) {
    if (cut.located.found && cut.located.mrz.lines.length === guess.lines.length) {
      const { lines, format, capHeight, glare, sharpness } = cut.located.mrz;
      return readLinesWithoutText(
        lines,
        shapeOf(format),
        { capHeight: capHeight / band.scale, glare, sharpness },
        "locator",
        now,
        partialReading(guess),
      );
    }
    // Neither the text nor the locator: a card's three lines (TD1: the one three-line layout) are
    // cut from the learned boxes (blurred small print, enlarged, grows blobs the locator does not
    // take for characters; the recogniser drops chevrons in runs of them). The OCR-B readers read
    // them under the same gate.
    const boxes = guess.lines.length === 3 ? intoBand(band, guess.lines) : null;
    const fromBoxes = boxes?.map((line) => lineFromBox(band.image, line, MRZ_SHAPES.TD1.chars));
    return fromBoxes?.every((l) => l !== null)
      ? readLinesWithoutText(fromBoxes as MrzLineImage[], "TD1", null, "boxes", now, partialReading(guess))
      : null;
  }
  const { format } = mrz;
  const learned = learnedReading(mrz);
  const found = ocrbLines(band, cut.located, mrz);
  const readings: MrzReading[] = [learned];
  let decision: MrzDecision = acceptMrz(format, learned, null, now);
  if (!found) return { format, decision, readings, agreedInvalid: null, located: null, linesFrom: null, textWhole: true };

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
  decision = acceptPairs(format, pairs, readings, now) ?? decision;
  if (!decision.accepted) {
    const cells = cellsReading(found.lines, format);
    if (cells) {
      readings.push(cells);
      // The cell classifier as a reader of a pair, and as a witness for the pairs already tried.
      const next = acceptPairs(
        format,
        [[template, cells], [learned, cells], [cells, tesseract], ...pairs.filter(([, b]) => b)],
        readings,
        now,
      );
      if (next?.accepted) decision = next;
    }
  }
  const agreedInvalid = decision.accepted ? null : agreedButInvalid(format, readings, now);
  return { format, decision, readings, agreedInvalid, located: found.located, linesFrom: found.from, textWhole: true };
}

/**
 * The band's lines as the classic locator found them in the rectified band, where the learned OCR
 * could not read the band's text whole (small print whose fillers it reads as letters, a line it
 * split): the OCR-B readers read them without it, under the same gate, and the layout is the one
 * the lines' shape and the template's first characters tell. `scale`: band px per page px.
 * Measured on the third set of real specimens' invariance (small pictures): 3 more transforms read
 * identically, none read differently.
 */
export async function readBandWithoutText(located: LocatedMrz, scale: number, now: Date): Promise<LearnedMrzRead> {
  const { capHeight, glare, sharpness } = located;
  return readLinesWithoutText(located.lines, shapeOf(located.format), { capHeight: capHeight / scale, glare, sharpness }, "locator", now);
}

/**
 * The learned OCR's text of a band it could not read whole (a run of fillers dropped, a line cut
 * short), as a witness only: never one of a pair, it is heard on the cells where its words line up
 * with the pair's (accept-mrz.ts alignWitnessLine).
 */
function partialReading(guess: MrzBandGuess): MrzReading {
  return { reader: "learned", lines: guess.texts, confidence: guess.texts.map((t) => new Array<number>(t.length).fill(0)) };
}

/**
 * The OCR-B readers alone on a band's straightened lines of one shape (readBandWithoutText); `located`
 * in the page's pixels, when measured; `partial`: the learned OCR's text of the band though not
 * whole, a witness of the cells the readers dispute.
 */
async function readLinesWithoutText(
  lines: MrzLineImage[],
  shape: "TD1" | "TD2" | "TD3",
  located: LearnedMrzRead["located"],
  linesFrom: "locator" | "boxes",
  now: Date,
  partial: MrzReading | null = null,
): Promise<LearnedMrzRead> {
  const tesseractPromise = readMrzTesseract(lines).catch(() => null);
  const template0 = readMrzTemplate(lines, shape);
  const format = layoutOfShape(shape, template0.lines[0] ?? "");
  const template = format === shape ? template0 : readMrzTemplate(lines, format);
  const readings: MrzReading[] = [template];
  const tesseract = await tesseractPromise;
  if (tesseract) readings.push(tesseract);
  const witnesses = partial ? [partial] : [];
  let decision = acceptMrz(format, template, tesseract, now, witnesses);
  if (!decision.accepted) {
    const cells = cellsReading(lines, format);
    if (cells) {
      readings.push(cells);
      const next = acceptPairs(
        format,
        [
          [template, tesseract],
          [template, cells],
          [cells, tesseract],
        ],
        [...readings, ...witnesses],
        now,
      );
      if (next?.accepted) decision = next;
    }
  }
  return {
    format,
    decision,
    readings,
    agreedInvalid: decision.accepted ? null : agreedButInvalid(format, readings, now),
    located,
    linesFrom,
    textWhole: false,
  };
}
