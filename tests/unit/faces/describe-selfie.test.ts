import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { describeSelfie } from "@/lib/server/documents/embed-selfie";
import { FACE_EMBEDDING_DIMENSIONS } from "@/lib/server/faces/compare-faces";
import { embedFace, FACE_MIN_SIDE } from "@/lib/server/faces/embed-face";
import { deepfaceImage, deepfacePeople } from "@/tests/support/real-faces";

// The photo-ID endpoint's face scan: what `face_match` says when it cannot compare (real photographs).
describe("describeSelfie", () => {
  it("describes one person's face, and says which problem stops a comparison", async () => {
    const photo = deepfaceImage(deepfacePeople().alice[0]);
    expect(await describeSelfie(photo)).toEqual({ ok: true, embedding: expect.any(Array) });
    expect(((await describeSelfie(photo)) as { embedding: number[] }).embedding).toHaveLength(FACE_EMBEDDING_DIMENSIONS);

    // deepface's couple.jpg: two people side by side.
    expect(await describeSelfie(deepfaceImage("couple.jpg"))).toMatchObject({
      ok: false,
      code: "several_faces",
      message: expect.stringMatching(/shows \d faces/),
    });

    const full = await embedFace(photo);
    if (!full.ok) throw new Error(full.error.message);
    const { width = 0 } = await sharp(photo).metadata();
    const tiny = await sharp(photo)
      .resize(Math.round((width * 0.8 * FACE_MIN_SIDE) / full.value.box[2]))
      .png()
      .toBuffer();
    expect(await describeSelfie(tiny)).toMatchObject({ ok: false, code: "face_too_small", message: expect.stringMatching(/too small/) });

    const blank = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#9ab" } })
      .jpeg()
      .toBuffer();
    expect(await describeSelfie(blank)).toEqual({ ok: false, code: "no_face", message: "No face was found in the face scan" });
    expect(await describeSelfie(Buffer.from("%PDF-1.7"))).toMatchObject({ ok: false, code: "unreadable_image" });
  }, 120_000);
});
