import { embedFace } from "../faces/embed-face";

/** A face scan's embedding (the largest face), or null when no face is found in it. */
export async function embedSelfie(image: Buffer): Promise<number[] | null> {
  const embedded = await embedFace(image).catch(() => null);
  return embedded?.ok ? embedded.value.embedding : null;
}
