import { decodeGray } from "../image/decode-gray";
import { rotate180 } from "../image/rotate-180";
import type { GrayImage, LocatedMrz, MrzFormat, MrzLocateFailure, MrzReading } from "../types";
import { acceptMrz, acceptPairs, type MrzDecision } from "./accept-mrz";
import { readMrzCells } from "./cell-classifier/read-mrz-cells";
import { turnBlobs } from "./locate/components";
import { locateMrz, mrzBlobs } from "./locate-mrz";
import { judgeOrientation } from "./orientation";
import { readMrzTesseract } from "./ocrb-tesseract/read-mrz-tesseract";
import { readMrzTemplate } from "./template-reader";
import type { OcrLine } from "../ocr/learned-ocr";
import { pageOcr, searchLearnedMrz, zoneOcr } from "./learned/search-band";

/*
 * Photo → MRZ text that can be trusted, or the reason it cannot. The template matcher runs on this
 * thread while tesseract.js reads the same lines on its own worker thread; the acceptance gate
 * joins them; when they do not settle it, the cell classifier gives a third reading, and the gate
 * tries each pair of the three the same way, the remaining reader a witness (accept-mrz.ts
 * acceptPairs). The locator does not know which way up the
 * page is (documents-lab.md): the located lines are judged both ways up before reading
 * (orientation.ts), and only a band whose way up is not clear is read both ways. When the classic
 * engine cannot read the page, the learned OCR finds the band at any angle, in perspective and at
 * any size in the picture, and it is rectified from its corners and read at one scale
 * (learned/search-band.ts, learned/rectify-band.ts, learned/read-learned.ts).
 */

/**
 * "wrong_type": a readable document of another kind than the one chosen (an ID card as a passport).
 * "visa": a machine-readable visa (MRV-A/B), read, which is not a photo ID.
 * "mrz_invalid": two readers read the same MRZ and its check digits do not add up.
 */
export type RetakeReason = MrzLocateFailure | "unreadable" | "wrong_type" | "visa" | "mrz_invalid";

export type MrzRead =
  | {
      ok: true;
      decision: Extract<MrzDecision, { accepted: true }>;
      located: LocatedMrz | null;
      upsideDown: boolean;
      /**
       * How far the page is turned in the upload, as its MRZ was read: the quarter turns clockwise
       * (0–3) that bring it upright (a tilt under 45° is none). The portrait lies the same way.
       */
      quarterTurns: number;
      readings: MrzReading[];
      via?: "classic" | "learned";
      /** The learned OCR's lines of the page the MRZ was read on, upright as read (for the printed zone); null when not read that way up. */
      pageLines?: OcrLine[] | null;
    }
  | {
      ok: false;
      reason: RetakeReason;
      decision: Extract<MrzDecision, { accepted: false }> | null;
      located: LocatedMrz | null;
      readings: MrzReading[];
      /** Lines read with certainty though refused (a visa; an MRZ whose check digits fail, as two readers read it): for reviewers and benches. */
      readLines?: string[] | null;
    };

/** Document codes an MRZ of each kind may start with (ICAO 9303: P passports; I, A, C cards). */
const CODES = { passport: /^P/, national_id: /^[IAC]/ } as const;
/** Layouts each kind of photo ID may have (the classic locator knows only the ICAO shapes). */
const LAYOUTS: Record<keyof typeof CODES, MrzFormat[]> = { passport: ["TD3"], national_id: ["TD1", "TD2", "FRENCH_ID"] };
const VISAS: readonly MrzFormat[] = ["MRVA", "MRVB"];

/**
 * The learned path: the MRZ's band found by the learned OCR at any angle, in perspective, at any
 * size in the picture (search-band.ts), rectified and read at one scale (read-learned.ts). Null when
 * no MRZ was found at all.
 */
async function readViaLearned(gray: GrayImage, upright: OcrLine[], expect: MrzExpectation, now: Date): Promise<MrzRead | null> {
  const found = await searchLearnedMrz(gray, upright, now);
  if (!found) return null;
  const { read, page, pageLines, turn } = found;
  const { decision, readings, format } = read;
  if (decision.accepted) {
    if (VISAS.includes(format)) return { ok: false, reason: "visa", decision: null, located: null, readings, readLines: decision.lines };
    if (!LAYOUTS[expect.kind].includes(format) || !CODES[expect.kind].test(decision.lines[0]!))
      return { ok: false, reason: "wrong_type", decision: null, located: null, readings, readLines: decision.lines };
    return {
      ok: true,
      decision,
      located: null,
      upsideDown: page !== gray,
      quarterTurns: quarterTurnsOf(turn),
      readings,
      via: "learned",
      pageLines,
    };
  }
  if (read.agreedInvalid) {
    // Read with certainty as a visa, though its check digits fail: still a visa.
    const reason = VISAS.includes(format) ? "visa" : "mrz_invalid";
    return { ok: false, reason, decision, located: null, readings, readLines: read.agreedInvalid };
  }
  const hint: RetakeReason = !read.located
    ? "unreadable"
    : read.located.glare > 0.02
      ? "glare"
      : read.located.capHeight < 7
        ? "too_small"
        : read.located.sharpness < 0.3
          ? "blurred"
          : "unreadable";
  return { ok: false, reason: hint, decision, located: null, readings };
}

/**
 * `withPageLines`: the caller reads the printed zone from the same page. When the classic engine
 * accepted a passport's or TD2 card's MRZ, only the part of the page above its band is read by the
 * learned OCR (the printed zone is there; the MRZ lines and whatever lies around the document are
 * not read again); a TD1 card's page is read whole.
 */
export async function readMrz(
  image: Buffer | GrayImage,
  expect: MrzExpectation,
  now = new Date(),
  options: { withPageLines?: boolean } = {},
): Promise<MrzRead> {
  let gray: GrayImage;
  try {
    gray = Buffer.isBuffer(image) ? await decodeGray(image) : image;
  } catch {
    return { ok: false, reason: "unreadable", decision: null, located: null, readings: [] };
  }
  // The classic locator is quick: when it finds no band this way up, the classic engine cannot
  // read the page, and the learned OCR of the whole page starts at once. When it finds one, the
  // classic readers go first and the whole page is read by the learned OCR only if they fail
  // (one page's OCR costs 1–3 s of a core: it is not spent on a page already read).
  const blobs = mrzBlobs(gray);
  const upright = locateMrz(gray, expect.formats, blobs);
  let learned: Promise<OcrLine[] | null> | null = upright.found ? null : pageOcr(gray);
  const classic = await readClassic(gray, expect, now, blobs, upright);
  if (classic.ok) {
    if (!options.withPageLines) return classic;
    // Lines of the upright page only: a band read upside down leaves the printed zone unread here.
    if (classic.upsideDown || !classic.located) return { ...classic, pageLines: null };
    // A TD1 card prints its zone on the other side: a photo holding both sides is read whole, but
    // for the band the classic readers have read (its lines are not recognised again).
    return {
      ...classic,
      pageLines:
        classic.located.format === "TD1"
          ? await zoneOcr(gray, undefined, [classic.located.box])
          : await printedZoneLines(gray, classic.located.box),
    };
  }
  learned ??= pageOcr(gray);
  const ocr = await learned;
  if (!ocr) return classic;
  const viaLearned = await readViaLearned(gray, ocr, expect, now);
  if (!viaLearned) return classic;
  if (viaLearned.ok) return viaLearned;
  // Neither accepted: the learned path's finding names the cause when it found the zone (a visa,
  // an MRZ that does not add up, a band its readers could not agree on); else the classic one's.
  return classic.reason === "no_mrz" ||
    viaLearned.reason === "visa" ||
    viaLearned.reason === "mrz_invalid" ||
    viaLearned.reason === "wrong_type"
    ? viaLearned
    : classic;
}

/**
 * The learned OCR's lines of the page above an MRZ band (where every ICAO layout prints its
 * visual zone: the page is at most ~0.8 of the band's width tall), in the page's pixels.
 */
async function printedZoneLines(gray: GrayImage, band: LocatedMrz["box"]): Promise<OcrLine[] | null> {
  const x0 = Math.max(0, Math.floor(band.x - 0.1 * band.width));
  const x1 = Math.min(gray.width, Math.ceil(band.x + 1.1 * band.width));
  const y0 = Math.max(0, Math.floor(band.y - 0.9 * band.width));
  const y1 = Math.min(gray.height, Math.ceil(band.y + 0.15 * band.height));
  if (x1 - x0 < 32 || y1 - y0 < 32) return null;
  return zoneOcr(gray, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
}

type MrzExpectation = { formats: MrzFormat[]; kind: keyof typeof CODES };

/** What readMrz is told to look for on a photo ID of this kind: a passport's TD3, a card's TD1 or TD2. */
export function mrzExpectation(kind: keyof typeof CODES): MrzExpectation {
  return kind === "passport" ? { formats: ["TD3"], kind } : { formats: ["TD1", "TD2"], kind };
}

/** The classic engine: the blob locator's band (found this way up by the caller), both ways up, and the OCR-B readers. */
async function readClassic(
  gray: GrayImage,
  expect: MrzExpectation,
  now: Date,
  blobs: ReturnType<typeof mrzBlobs>,
  upright: ReturnType<typeof locateMrz>,
): Promise<MrzRead> {
  let firstFailure: MrzRead | null = null;
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
        // Each pair of readers, the remaining reader a witness for the cells the pair disputes.
        const withThird = acceptPairs(
          mrz.format,
          [
            [template, second],
            [template, third],
            [third, second],
          ],
          readings,
          now,
        );
        if (withThird?.accepted) decision = withThird;
      }
    }
    if (decision.accepted && CODES[expect.kind].test(decision.lines[0]!))
      return { ok: true, decision, located: mrz, upsideDown, quarterTurns: upsideDown ? 2 : 0, readings, via: "classic" };
    if (!decision.accepted) firstFailure ??= { ok: false, reason: hintFor(mrz), decision, located: mrz, readings };
    else firstFailure ??= { ok: false, reason: "wrong_type", decision: null, located: mrz, readings };
  }
  return firstFailure ?? { ok: false, reason: "no_mrz", decision: null, located: null, readings: [] };
}

/** Text running at `angle` degrees (clockwise, text-frame.ts) is upright after this many quarter turns clockwise (0–3). */
export function quarterTurnsOf(angle: number): number {
  return (4 - (Math.round((((angle % 360) + 360) % 360) / 90) % 4)) % 4;
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
