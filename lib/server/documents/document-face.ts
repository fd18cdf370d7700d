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
export async function describeDocumentFace(image: Buffer): Promise<Result<DocumentFace>> {
  const first = await locateFace(image);
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

function clamp(v: number, lo: number, hi: number) {
  return Math.max(lo, Math.min(hi, v));
}
