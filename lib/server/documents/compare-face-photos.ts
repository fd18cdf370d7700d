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
 * One picture's face in the given role. Refused, with a code, when the picture shows no face
 * (`no_face`), more than one (`several_faces`: which one should be compared is not ours to guess),
 * or is not a picture (`unreadable_image`).
 */
export async function describeFacePhoto(image: Buffer, role: FacePhotoRole): Promise<Result<number[]>> {
  if (role === "document") {
    const face = await describeDocumentFace(image);
    if (!face.ok) return face;
    // A page shows its portrait twice at most (the ghost image), and both are the same person.
    return ok(face.value.embedding);
  }
  const face = await embedFace(image);
  if (!face.ok) return face;
  if (face.value.faces > 1) return fail("invalid", `The image shows ${face.value.faces} faces; it should show one`, { code: "several_faces" });
  return ok(face.value.embedding);
}

/** The score and band of two described faces (document portrait first, selfie second). */
export function compareDescribedFaces(documentFace: number[], selfie: number[]): FacePhotoComparison {
  const score = faceSimilarity(documentFace, selfie);
  return { score, band: faceMatchBand(score) };
}
