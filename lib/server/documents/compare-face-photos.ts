import { fail, ok, type Result } from "../shared/result";
import { embedFace } from "../faces/embed-face";
import { faceSimilarity } from "../faces/compare-faces";
import { describeDocumentFace } from "./document-face";
import { faceMatchBand, type FaceMatchBand } from "./face-match";

/*
 * Two photographs compared the way a selfie is compared with a document's portrait: the first
 * described as the document's face (document-face.ts: found, then cut from the full-resolution
 * picture and described), the second as the selfie (embed-face.ts), scored by faceSimilarity and
 * banded by faceMatchBand: the same functions the hosted selfie step and the photo-ID endpoint use.
 * For operators checking the bands on their own pictures (`npm run cli -- compare-faces`) and for
 * tests/bench/faces-real.ts.
 */

export type FacePhotoRole = "document" | "selfie";

export interface FacePhotoComparison {
  score: number;
  band: FaceMatchBand;
}

/**
 * A document's second face as wide as this share of its portrait is a second person, not the
 * page's ghost image (a smaller copy of the portrait, printed faint).
 */
const DOCUMENT_SECOND_FACE_SHARE = 0.7;

/**
 * One picture's face in the given role. Refused, with a code, when the picture shows no face
 * (`no_face`), too small a face (`face_too_small`), more than one person (`several_faces`: which
 * one should be compared is not ours to guess; a selfie's second face at least half as wide as the
 * largest, a document's at least DOCUMENT_SECOND_FACE_SHARE), or is not a picture (`unreadable_image`).
 */
export async function describeFacePhoto(image: Buffer, role: FacePhotoRole): Promise<Result<number[]>> {
  if (role === "document") {
    const face = await describeDocumentFace(image);
    if (!face.ok) return face;
    const [largest, ...others] = face.value.faceWidths;
    const people = 1 + others.filter((width) => width >= DOCUMENT_SECOND_FACE_SHARE * (largest ?? 0)).length;
    if (people > 1) return severalFaces(people);
    return ok(face.value.embedding);
  }
  const face = await embedFace(image);
  if (!face.ok) return face;
  if (face.value.comparableFaces > 1) return severalFaces(face.value.comparableFaces);
  return ok(face.value.embedding);
}

const severalFaces = (count: number) =>
  fail("invalid", `The image shows ${count} faces; it should show one person`, { code: "several_faces" });

/** The score and band of two described faces (document portrait first, selfie second). */
export function compareDescribedFaces(documentFace: number[], selfie: number[]): FacePhotoComparison {
  const score = faceSimilarity(documentFace, selfie);
  return { score, band: faceMatchBand(score) };
}
