import sharp from "sharp";
import type { GrayImage } from "../types";
import { recognizeLines, type OcrWord } from "./ocr";
import { assignWords, parseFields, type ParsedFields } from "./parse-fields";
import { readLicenceNumber, type RowBox } from "./read-licence-number";

/*
 * Two OCR passes over the flattened card's field block (fields 1–5), each mapped back to card px
 * and parsed on its own: the block at 1.5× as printed, and again at 2× after a local-contrast
 * stretch with a character whitelist. A field counts as read only where both passes give the
 * same value. The licence number has its own two readers (read-licence-number.ts), and its
 * structure is checked against the names and date of birth in judge-reading.ts.
 */

const BLOCK = { left: 300, top: 125, width: 712, height: 285 };
const TITLE = { left: 185, top: 30, width: 400, height: 90 };
const DEFAULT_NUMBER_ROW: RowBox = { x0: 366, y0: 366, x1: 1000, y1: 394 };
const WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.'- ";

export interface CardFieldsReading {
  first: ParsedFields;
  second: ParsedFields;
  title: string;
  /** The number as each engine read it, before reconciling (for diagnosis). */
  numberReads: { lstm: string | null; legacy: string | null };
  /** Lowest word confidence among the words that made up the fields in the first pass (0–100). */
  minConfidence: number;
}

async function crop(card: GrayImage, box: typeof BLOCK, scale: number, stretch: boolean): Promise<Buffer> {
  let pipeline = sharp(Buffer.from(card.data.buffer, card.data.byteOffset, card.data.byteLength), {
    raw: { width: card.width, height: card.height, channels: 1 },
  })
    .extract(box)
    .resize(Math.round(box.width * scale), Math.round(box.height * scale), { kernel: "lanczos3" });
  if (stretch) pipeline = pipeline.normalise({ lower: 2, upper: 98 });
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}

function toCard(words: OcrWord[], box: typeof BLOCK, scale: number): OcrWord[] {
  return words.map((word) => ({
    ...word,
    box: {
      x0: word.box.x0 / scale + box.left,
      x1: word.box.x1 / scale + box.left,
      y0: word.box.y0 / scale + box.top,
      y1: word.box.y1 / scale + box.top,
    },
  }));
}

async function pass(card: GrayImage, scale: number, stretch: boolean, whitelist?: string) {
  const lines = await recognizeLines(await crop(card, BLOCK, scale, stretch), { mode: "block", whitelist });
  const words = toCard(
    lines.flatMap((line) => line.words),
    BLOCK,
    scale,
  );
  return { words, fields: assignWords(words) };
}

/** The printed title, read alone: the cheapest sign that this is a licence and which way up it is. */
export async function readTitle(card: GrayImage): Promise<string> {
  const lines = await recognizeLines(await crop(card, TITLE, 1, false), { mode: "block" });
  return lines
    .map((line) => line.text)
    .join("\n")
    .trim();
}

export async function readCardFields(card: GrayImage, title: string): Promise<CardFieldsReading> {
  const first = await pass(card, 1.5, false);
  const parsedFirst = parseFields(first.fields);
  const second = await pass(card, 2, true, WHITELIST);
  const numberWords = first.fields["5"];
  const box: RowBox = numberWords.length
    ? {
        x0: Math.min(...numberWords.map((w) => w.box.x0)),
        y0: Math.min(...numberWords.map((w) => w.box.y0)),
        x1: Math.max(...numberWords.map((w) => w.box.x1)),
        y1: Math.max(...numberWords.map((w) => w.box.y1)),
      }
    : DEFAULT_NUMBER_ROW;
  const { lstm, legacy, number } = await readLicenceNumber(card, box);
  const used = Object.values(first.fields).flat();
  return {
    first: { ...parsedFirst, documentNumber: number },
    second: { ...parseFields(second.fields), documentNumber: number },
    title,
    numberReads: { lstm, legacy },
    minConfidence: used.length ? Math.min(...used.map((w) => w.confidence)) : 0,
  };
}
