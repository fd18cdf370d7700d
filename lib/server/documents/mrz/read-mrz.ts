import { decodeGray } from "../image/decode-gray";
import { rotate180 } from "../image/rotate-180";
import type { GrayImage, LocatedMrz, MrzFormat, MrzLocateFailure, MrzReading } from "../types";
import { acceptMrz, type MrzDecision } from "./accept-mrz";
import { readMrzCells } from "./cell-classifier/read-mrz-cells";
import { turnBlobs } from "./locate/components";
import { locateMrz, mrzBlobs } from "./locate-mrz";
import { judgeOrientation } from "./orientation";
import { readMrzTesseract } from "./ocrb-tesseract/read-mrz-tesseract";
import { readMrzTemplate } from "./template-reader";

/*
 * Photo → MRZ text that can be trusted, or the reason it cannot. The template matcher runs on this
 * thread while tesseract.js reads the same lines on its own worker thread; the acceptance gate
 * joins them; when they do not settle it, the cell classifier gives a third reading, which the
 * gate pairs with the template matcher's the same way. The locator does not know which way up the
 * page is (documents-lab.md): the located lines are judged both ways up before reading
 * (orientation.ts), and only a band whose way up is not clear is read both ways.
 */

/** "wrong_type": a readable document of another kind than the one chosen (an ID card as a passport). */
export type RetakeReason = MrzLocateFailure | "unreadable" | "wrong_type";

export type MrzRead =
  | { ok: true; decision: Extract<MrzDecision, { accepted: true }>; located: LocatedMrz; upsideDown: boolean; readings: MrzReading[] }
  | { ok: false; reason: RetakeReason; decision: Extract<MrzDecision, { accepted: false }> | null; located: LocatedMrz | null; readings: MrzReading[] };

/** Document codes an MRZ of each kind may start with (ICAO 9303: P passports; I, A, C cards). */
const CODES = { passport: /^P/, national_id: /^[IAC]/ } as const;

export async function readMrz(image: Buffer | GrayImage, expect: { formats: MrzFormat[]; kind: keyof typeof CODES }, now = new Date()): Promise<MrzRead> {
  let gray: GrayImage;
  try {
    gray = Buffer.isBuffer(image) ? await decodeGray(image) : image;
  } catch {
    return { ok: false, reason: "unreadable", decision: null, located: null, readings: [] };
  }
  let firstFailure: MrzRead | null = null;
  const blobs = mrzBlobs(gray);
  const upright = locateMrz(gray, expect.formats, blobs);
  // Nothing line-like this way up: turning the photo cannot help (the locator is orientation-blind).
  if (!upright.found) return { ok: false, reason: upright.reason, decision: null, located: null, readings: [] };
  const { orientation, sure } = judgeOrientation(upright.mrz.lines);
  const ways = orientation === "upside_down" ? [true, false] : [false, true];
  for (const upsideDown of sure ? ways.slice(0, 1) : ways) {
    // Turned, the page's blobs are the upright ones turned (turnBlobs): only the lines are found again.
    const located = upsideDown ? locateMrz(rotate180(gray), expect.formats, turnBlobs(blobs, gray.width, gray.height)) : upright;
    if (!located.found) continue;
    const mrz = located.mrz;
    if (!expect.formats.includes(mrz.format)) {
      firstFailure ??= { ok: false, reason: "wrong_type", decision: null, located: mrz, readings: [] };
      continue;
    }
    const tesseract = readSecond(mrz.lines); // its own thread: runs beside the template matcher
    const template = readMrzTemplate(mrz.lines, mrz.format);
    const second = await tesseract.catch(() => null);
    const readings = second ? [template, second] : [template];
    let decision = acceptMrz(mrz.format, template, second, now);
    if (!decision.accepted) {
      // The cell classifier is asked only when the first two did not settle it: on small, blurred
      // or washed-out print it is the stronger second opinion (issue 11: hard photos).
      const third = readThird(mrz.lines, mrz.format);
      if (third) {
        readings.push(third);
        const withThird = acceptMrz(mrz.format, template, third, now);
        if (withThird.accepted) decision = withThird;
      }
    }
    if (decision.accepted && CODES[expect.kind].test(decision.lines[0]!)) return { ok: true, decision, located: mrz, upsideDown, readings };
    if (!decision.accepted) firstFailure ??= { ok: false, reason: hintFor(mrz), decision, located: mrz, readings };
    else firstFailure ??= { ok: false, reason: "wrong_type", decision: null, located: mrz, readings };
  }
  return firstFailure ?? { ok: false, reason: "no_mrz", decision: null, located: null, readings: [] };
}

/** What the person can do about a band that was found but not read with certainty. */
function hintFor(mrz: LocatedMrz): RetakeReason {
  if (mrz.glare > 0.02) return "glare";
  if (mrz.capHeight < 14) return "too_small";
  if (mrz.sharpness < 0.3) return "blurred";
  return "unreadable";
}

/** The cell classifier; a failure of it (a missing or mismatched model) leaves the gate as it was. */
function readThird(lines: LocatedMrz["lines"], format: MrzFormat): MrzReading | null {
  try {
    return readMrzCells(lines, format);
  } catch (error) {
    console.error("[documents] the MRZ cell classifier failed:", error);
    return null;
  }
}

/** The trained-Tesseract reader; a failure of it leaves the gate with the template reading alone. */
function readSecond(lines: LocatedMrz["lines"]): Promise<MrzReading | null> {
  return readMrzTesseract(lines).catch((error: unknown) => {
    console.error("[documents] the OCR-B Tesseract reader failed:", error);
    return null;
  });
}
