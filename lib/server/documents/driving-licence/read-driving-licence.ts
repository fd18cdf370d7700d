import sharp from "sharp";
import type { GrayImage } from "../types";
import type { Point } from "./homography";
import { project } from "./homography";
import { judgeReading, titleMatches } from "./judge-reading";
import { locateCard } from "./locate-card";
import { readCardFields, readTitle } from "./read-card-fields";
import type { DrivingLicenceReading } from "./types";
import { CARD_HEIGHT, CARD_WIDTH, meanIn, warpCard, type FlatCard } from "./warp-card";

/*
 * Reads the front of a UK driving licence photocard from a photo or scan: find the card, flatten
 * it, read the printed fields twice, and accept only what both readings and the licence number's
 * structure agree on (judge-reading.ts). Never throws for a bad image: a photo that cannot be read
 * gives a reading with `retake` set and failed validations.
 */

const WORK_MAX_SIDE = 2000;
const SMALL_WIDTH = 400;
/** Where the portrait is printed on the flat card, and the same box turned half a turn. */
const PORTRAIT = { x: 40, y: 146, w: 250, h: 320 };
const PORTRAIT_TURNED = { x: CARD_WIDTH - 290, y: CARD_HEIGHT - 466, w: 250, h: 320 };

const gray = (data: Buffer, width: number, height: number): GrayImage => ({
  width,
  height,
  data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
});

function noCard(reason: "no_document" | "too_small", message: string): DrivingLicenceReading {
  const fail = { status: "fail" as const, failed_reasons: ["PARTIAL_EXTRACTION" as const] };
  return {
    identity: {
      firstName: null,
      lastName: null,
      dateOfBirth: null,
      sex: null,
      nationality: null,
      documentNumber: null,
      expirationDate: null,
      dateOfIssue: null,
      issuingCountry: null,
    },
    extracted: {
      first_name: null,
      last_name: null,
      document_number: null,
      date_of_birth: null,
      expiration_date: null,
      issuing_authority: null,
      date_of_issue: null,
      issuing_country: null,
    },
    validations: {
      required_fields_extracted: fail,
      has_not_expired: fail,
      document_features_present: { status: "fail", failed_reasons: ["DOCUMENT_FEATURE_MISSING"] },
    },
    certain: false,
    retake: { reason, message },
  };
}

/** A portrait is a picture, not flat card: its grey values spread widely. */
function portraitPresent(card: GrayImage): boolean {
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let y = PORTRAIT.y + 10; y < PORTRAIT.y + PORTRAIT.h - 10; y += 3) {
    for (let x = PORTRAIT.x + 10; x < PORTRAIT.x + PORTRAIT.w - 10; x += 3) {
      const v = card.data[y * card.width + x] ?? 0;
      sum += v;
      squares += v * v;
      n++;
    }
  }
  const mean = sum / n;
  return Math.sqrt(squares / n - mean * mean) > 18;
}

function faceBox(flat: FlatCard, scaleToInput: number) {
  const corners: Point[] = [
    [PORTRAIT.x, PORTRAIT.y],
    [PORTRAIT.x + PORTRAIT.w, PORTRAIT.y],
    [PORTRAIT.x + PORTRAIT.w, PORTRAIT.y + PORTRAIT.h],
    [PORTRAIT.x, PORTRAIT.y + PORTRAIT.h],
  ].map((p) => project(flat.toPhoto, p as Point));
  const xs = corners.map(([x]) => x * scaleToInput);
  const ys = corners.map(([, y]) => y * scaleToInput);
  const x = Math.max(0, Math.floor(Math.min(...xs)));
  const y = Math.max(0, Math.floor(Math.min(...ys)));
  return { x, y, width: Math.ceil(Math.max(...xs)) - x, height: Math.ceil(Math.max(...ys)) - y };
}

export async function readDrivingLicence(image: Buffer, opts: { now?: Date } = {}): Promise<DrivingLicenceReading> {
  const now = opts.now ?? new Date();
  let decoded: { data: Buffer; info: import("sharp").OutputInfo };
  try {
    decoded = await sharp(image, { limitInputPixels: 40_000_000 })
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(WORK_MAX_SIDE, WORK_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .toColourspace("b-w")
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return noCard("no_document", "The file could not be read as a photo. Send a JPEG or PNG photo of the front of the licence.");
  }
  const { width, height } = decoded.info;
  const photo = gray(decoded.data, width, height);
  const metadata = await sharp(image).metadata();
  const inputWidth = (metadata.orientation ?? 1) >= 5 ? (metadata.height ?? width) : (metadata.width ?? width);
  const scaleToInput = inputWidth / width;

  const smallHeight = Math.max(1, Math.round((height * SMALL_WIDTH) / width));
  const small = await sharp(decoded.data, { raw: { width, height, channels: 1 } })
    .resize(SMALL_WIDTH, smallHeight)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const quad = locateCard(gray(small, SMALL_WIDTH, smallHeight), width / SMALL_WIDTH);
  const aspect = width / height;
  const corners: [Point, Point, Point, Point] | null = quad
    ? quad.corners
    : aspect > 1.45 && aspect < 1.75
      ? [
          [0, 0],
          [width, 0],
          [width, height],
          [0, height],
        ] // a scan cropped to the card
      : null;
  if (!corners)
    return noCard(
      "no_document",
      "No driving licence was found in the photo. Place the front of the card on a dark, plain surface and fill the frame with it.",
    );
  const cardWidth = Math.hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) * scaleToInput;
  if (cardWidth < 450)
    return noCard("too_small", "The licence is too small in the photo. Move closer so the card fills most of the frame.");

  // Try the way up the portrait suggests first (it is the darkest block, on the left), then the other.
  const upright = warpCard(photo, corners, false);
  const firstTurned = meanIn(upright.image, PORTRAIT) > meanIn(upright.image, PORTRAIT_TURNED);
  let flat = firstTurned ? warpCard(photo, corners, true) : upright;
  let title = await readTitle(flat.image);
  if (!titleMatches(title)) {
    const other = firstTurned ? upright : warpCard(photo, corners, true);
    const otherTitle = await readTitle(other.image);
    if (titleMatches(otherTitle)) [flat, title] = [other, otherTitle];
  }
  const fields = await readCardFields(flat.image, title);
  const reading = judgeReading(fields.first, fields.second, { title: titleMatches(title), portrait: portraitPresent(flat.image) }, now);
  return { ...reading, faceBox: faceBox(flat, scaleToInput) };
}
