import sharp from "sharp";
import { fail, ok, type Result } from "../shared/result";
import { embedFace, locateFace } from "../faces/embed-face";

/*
 * The portrait on a document, embedded in two passes (documents-lab.md, "The document's face"):
 * the face on a photographed page is small, so describing it from the 640 px copy that detection
 * uses loses detail (same-photo cosines fell to 0.568). The first pass only finds the face (the
 * detector alone: no mesh, no descriptor); the second cuts twice its box from the full-resolution
 * photo and describes that crop (≥ 0.829).
 */

export interface DocumentFace {
  embedding: number[];
  /** The crop the embedding was made from (JPEG): what reviewers see as "face on the document". */
  crop: Buffer;
  detectionScore: number;
  /** Widths of the confident faces the first pass saw on the page, largest first (a portrait and its ghost image are two). */
  faceWidths: number[];
}

/** The document's face, or null when none could be described (describeDocumentFace says why). */
export async function findDocumentFace(image: Buffer): Promise<DocumentFace | null> {
  const found = await describeDocumentFace(image);
  return found.ok ? found.value : null;
}

/** The document's face, or the reason it could not be described (`unreadable_image`, `no_face`, …: embed-face's codes). */
export async function describeDocumentFace(upload: Buffer): Promise<Result<DocumentFace>> {
  const asSent = await describeFrom(upload, await locateFace(upload));
  if (asSent.ok || asSent.error.code !== "no_face") return asSent;
  // No face described as sent: the page may be turned. (Only then: a turned face can raise a
  // surer detection than the upright one, so the turns are no contest for a face already found —
  // tried on every photo of bench:faces:population, it lost 6 of 55 same-person pairs.)
  const turned = await locateTurned(upload);
  return turned ? describeFrom(turned.image, turned.found) : asSent;
}

/** The face `first` located in `image`, cut from it at full resolution and described. */
async function describeFrom(image: Buffer, first: Awaited<ReturnType<typeof locateFace>>): Promise<Result<DocumentFace>> {
  if (!first.ok) return first;
  const [x, y, w, h] = first.value.box;
  const [width, height] = first.value.imageSize;
  const side = Math.round(2 * Math.max(w, h));
  const left = clamp(Math.round(x + w / 2 - side / 2), 0, width - 1);
  const top = clamp(Math.round(y + h / 2 - side / 2), 0, height - 1);
  const region = { left, top, width: Math.min(side, width - left), height: Math.min(side, height - top) };
  if (region.width < 32 || region.height < 32)
    return fail("invalid", "The face in the image is too small to compare", { code: "face_too_small" });
  const crop = await sharp(image, { failOn: "error", limitInputPixels: 50_000_000 })
    .rotate()
    .extract(region)
    .jpeg({ quality: 92 })
    .toBuffer();
  const second = await embedFace(crop);
  const faces = first.value.faceWidths;
  if (second.ok) return ok({ embedding: second.value.embedding, crop, detectionScore: second.value.detectionScore, faceWidths: faces });
  // The crop lost the face (a box at the page's edge): described from the whole page, as one pass would.
  const whole = await embedFace(image);
  return whole.ok ? ok({ embedding: whole.value.embedding, crop, detectionScore: whole.value.detectionScore, faceWidths: faces }) : whole;
}

/**
 * The portrait of a page photographed sideways or upside down: the face detector finds upright
 * faces (a roll of some 20° at most), so a page turned a quarter shows it none. When none is found
 * as sent, the picture is looked at turned a quarter either way and half a turn, and the portrait
 * is cut from the turn whose face the detector is surest of (an upside-down face can still raise a
 * weak detection; the MRZ engine turns the page on its own).
 */
async function locateTurned(upload: Buffer) {
  let best: { found: Extract<Awaited<ReturnType<typeof locateFace>>, { ok: true }>; image: Buffer } | null = null;
  for (const angle of [90, 270, 180]) {
    const image = await turnedUpload(upload, angle);
    if (!image) return null;
    const found = await locateFace(image);
    if (found.ok && (!best || found.value.detectionScore > best.found.value.detectionScore)) best = { found, image };
  }
  return best;
}

/**
 * The portrait of a page known to lie turned (`quarterTurns` clockwise bring it upright: its MRZ
 * was read so, read-mrz.ts quarterTurns), looked for on the page turned upright; null when none is
 * found there.
 */
export async function findDocumentFaceUpright(upload: Buffer, quarterTurns: number): Promise<DocumentFace | null> {
  const upright = await turnedUpload(upload, 90 * quarterTurns);
  return upright && findDocumentFace(upright);
}

/** The upload (EXIF-rotated) turned `degrees` clockwise, as a JPEG; null when it cannot be decoded. */
function turnedUpload(upload: Buffer, degrees: number): Promise<Buffer | null> {
  return sharp(upload, { failOn: "error", limitInputPixels: 50_000_000 })
    .rotate()
    .rotate(degrees)
    .jpeg({ quality: 95 })
    .toBuffer()
    .catch(() => null);
}

function clamp(v: number, lo: number, hi: number) {
  return Math.max(lo, Math.min(hi, v));
}
