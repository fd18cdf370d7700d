import { embedFace } from "../faces/embed-face";

const REASONS: Record<string, string> = {
  no_face: "No face was found in the face scan",
  face_too_small: "The face in the face scan is too small to compare: it should fill more of the picture",
  unreadable_image: "The face scan could not be read as a picture",
};

/**
 * A face scan's embedding, or why it cannot be compared (for `face_match`'s not-performed message):
 * no face, too small a face, more than one person (a second face at least half as wide as the
 * largest: someone else in view), or not a picture.
 */
export async function describeSelfie(
  image: Buffer,
): Promise<{ ok: true; embedding: number[] } | { ok: false; code: string; message: string }> {
  const face = await embedFace(image).catch(() => null);
  if (!face) return { ok: false, code: "unreadable_image", message: REASONS.unreadable_image! };
  if (!face.ok) {
    const code = face.error.code ?? "no_face";
    return { ok: false, code, message: REASONS[code] ?? REASONS.no_face! };
  }
  if (face.value.comparableFaces > 1) {
    return {
      ok: false,
      code: "several_faces",
      message: `The face scan shows ${face.value.comparableFaces} faces: it should show only the person being verified`,
    };
  }
  return { ok: true, embedding: face.value.embedding };
}
