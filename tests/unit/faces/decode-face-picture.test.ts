import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeFacePicture, FACE_MAX_SIDE } from "@/lib/server/faces/embed-face";
import { decodeConvertingFirst } from "../../support/faces";

/*
 * decodeFacePicture converts a picture with its own colour profile to sRGB after the shrink to
 * FACE_MAX_SIDE, not before (embed-face.ts). What it gives is checked against sharp converting the
 * full-size picture first, the way every face was decoded before, on a real press photo
 * (faces-2, face_recognition's examples: 1200 × 1200 with an sRGB profile).
 */
const SHARED = path.resolve(__dirname, "../../../../shared/real-data");
const PHOTO = readFileSync(path.join(SHARED, "faces-2/joe_biden/face_recognition__knn_examples_train_biden_biden2.jpg"));

function differences(a: Uint8Array, b: Uint8Array) {
  expect(a.length).toBe(b.length);
  let max = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    max = Math.max(max, d);
    sum += d;
  }
  return { max, mean: sum / a.length };
}

describe("decodeFacePicture", () => {
  it("gives the same pixels as converting the full picture first when its profile is sRGB", async () => {
    expect((await sharp(PHOTO).metadata()).icc).toBeDefined();
    const decoded = await decodeFacePicture(PHOTO);
    const reference = await decodeConvertingFirst(PHOTO);
    expect([decoded.width, decoded.height]).toEqual([640, 640]);
    expect(decoded.imageSize).toEqual([1200, 1200]);
    expect(decoded.scale).toBeCloseTo(640 / 1200, 6);
    expect(differences(decoded.data, reference.data).max).toBe(0);
  });

  it("converts a Display P3 picture to sRGB (a few levels of 255 from converting first), turned by its EXIF orientation", async () => {
    // The same photo as a phone would store it: in Display P3, with its profile, lying on its side.
    const p3 = await sharp(PHOTO)
      .resize(1000, 800, { fit: "fill" })
      .rotate(90)
      .withMetadata({ orientation: 8, icc: "p3" })
      .jpeg({ quality: 95 })
      .toBuffer();
    const decoded = await decodeFacePicture(p3);
    const reference = await decodeConvertingFirst(p3);
    expect([decoded.width, decoded.height]).toEqual([reference.width, reference.height]);
    expect(decoded.imageSize).toEqual([1000, 800]);
    const ours = differences(decoded.data, reference.data);
    // Shrinking before or after the conversion: a rounding apart, a few levels at edges at most.
    expect(ours.max).toBeLessThanOrEqual(6);
    expect(ours.mean).toBeLessThan(0.25);
    // The conversion happened: P3 values read as if sRGB differ far more.
    const { data: unconverted } = await sharp(p3)
      .rotate()
      .resize(FACE_MAX_SIDE, FACE_MAX_SIDE, { fit: "inside" })
      .keepIccProfile()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(differences(unconverted, reference.data).mean).toBeGreaterThan(10 * ours.mean + 0.5);
  });

  it("leaves a small picture with a profile as one conversion (no shrink) and refuses a broken file", async () => {
    const small = await sharp(PHOTO).resize(400, 400).withIccProfile("p3").jpeg().toBuffer();
    const decoded = await decodeFacePicture(small);
    expect(differences(decoded.data, (await decodeConvertingFirst(small)).data).max).toBe(0);
    await expect(decodeFacePicture(PHOTO.subarray(0, 2000))).rejects.toThrow();
  });
});
