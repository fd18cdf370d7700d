import sharp from "sharp";
import type { GrayImage } from "../types";
import { recognizeLines, type OcrEngine } from "./ocr";

/*
 * Field 5 read by two independent readers, the LSTM and the legacy engine (ocr.ts), each on the
 * number's own row with a letters-and-digits whitelist. They must agree character by character.
 * Where they differ, a position whose class (letters or 9; digits; any) admits only one of two
 * look-alikes takes that one: the class is certain from the position, and the other reader saw
 * the same glyph. The LSTM's typical slip is one inserted character (a doubled glyph where a
 * letter meets a digit): a 17-character reading that becomes the other reader's 16 by dropping
 * one character, in exactly one way, still counts as agreement. Anything else is a disagreement:
 * no number, so the reading cannot be accepted.
 */

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
const POSITION_CLASSES: string[] = [
  ...Array<string>(5).fill(`${LETTERS}9`),
  ...Array<string>(6).fill(DIGITS),
  ...Array<string>(2).fill(`${LETTERS}9`),
  DIGITS,
  `${LETTERS}${DIGITS}`,
  `${LETTERS}${DIGITS}`,
];
/** Glyphs the two engines mistake for one another in a sans-serif print (9→O: measured from the LSTM). */
const LOOK_ALIKES = ["0O", "0D", "0Q", "1I", "1L", "2Z", "5S", "6G", "6B", "8B", "8S", "9Q", "9G", "9O"];
const lookAlike = (a: string, b: string) => LOOK_ALIKES.includes(`${a}${b}`) || LOOK_ALIKES.includes(`${b}${a}`);

export interface RowBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * In the two free check characters (15–16) nothing tells O from 0: both readers read a blurred O
 * as 0 in the bench (a false accept), so either glyph there leaves the number unconfirmed.
 */
const UNCONFIRMABLE_FREE = /[O0]/;

function reconcileAligned(a: string, b: string): string | null {
  let out = "";
  for (let i = 0; i < 16; i++) {
    const x = a[i] ?? "";
    const y = b[i] ?? "";
    const allowed = POSITION_CLASSES[i] ?? "";
    if (x === y && allowed.includes(x)) out += x;
    else if (x !== y && lookAlike(x, y) && allowed.includes(x) !== allowed.includes(y)) out += allowed.includes(x) ? x : y;
    else return null;
  }
  return UNCONFIRMABLE_FREE.test(out.slice(14)) ? null : out;
}

/** The reconciled number, or null when the two readings cannot be reconciled position by position. */
export function reconcileNumbers(a: string | null, b: string | null): string | null {
  if (!a || !b) return null;
  if (a.length === 16 && b.length === 16) return reconcileAligned(a, b);
  const [long, short] = a.length === 17 && b.length === 16 ? [a, b] : b.length === 17 && a.length === 16 ? [b, a] : [];
  if (!long || !short) return null;
  const results = new Set<string>();
  for (let i = 0; i < 17; i++) {
    const result = reconcileAligned(long.slice(0, i) + long.slice(i + 1), short);
    if (result) results.add(result);
  }
  return results.size === 1 ? ([...results][0] ?? null) : null;
}

async function readRow(row: Buffer, engine: OcrEngine): Promise<string | null> {
  const lines = await recognizeLines(row, { mode: "line", engine, whitelist: `${LETTERS}${DIGITS} ` });
  const text = lines
    .map((line) => line.text)
    .join(" ")
    .trim();
  // The issue number follows after a wide gap: the driver number is the first 16 characters.
  const first = text.split(/\s+/)[0] ?? "";
  if (first.length === 16 || first.length === 17) return first;
  const compact = text.replace(/\s+/g, "");
  return compact.length === 18 || compact.length === 19 ? compact.slice(0, -2) : null;
}

export async function readLicenceNumber(
  card: GrayImage,
  box: RowBox,
): Promise<{ lstm: string | null; legacy: string | null; number: string | null }> {
  const pad = (box.y1 - box.y0) * 0.5;
  const left = Math.max(0, Math.round(box.x0 - pad));
  const top = Math.max(0, Math.round(box.y0 - pad));
  const width = Math.min(card.width - left, Math.round(box.x1 - box.x0 + 2 * pad));
  const height = Math.min(card.height - top, Math.round(box.y1 - box.y0 + 2 * pad));
  if (width < 40 || height < 10) return { lstm: null, legacy: null, number: null };
  const row = await sharp(Buffer.from(card.data.buffer, card.data.byteOffset, card.data.byteLength), {
    raw: { width: card.width, height: card.height, channels: 1 },
  })
    .extract({ left, top, width, height })
    .resize(Math.round(width * 1.5))
    .png({ compressionLevel: 1 })
    .toBuffer();
  const lstm = await readRow(row, "lstm");
  const legacy = await readRow(row, "legacy");
  return { lstm, legacy, number: reconcileNumbers(lstm, legacy) };
}
