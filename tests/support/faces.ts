import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { FACE_MAX_SIDE } from "@/lib/server/faces/embed-face";

/*
 * Test faces: the 22 people in the six group photos @vladmandic/face-api ships as demo images,
 * each cut out as a selfie-like picture (the face about half the frame). Boxes are the face
 * detector's, in the photos' own pixels, left to right; every box is a different person.
 */
const PHOTOS: { file: string; faces: [number, number, number, number][] }[] = [
  {
    file: "sample1.jpg",
    faces: [
      [333, 316, 352, 352],
      [775, 383, 327, 326],
      [1433, 188, 279, 279],
    ],
  },
  {
    file: "sample2.jpg",
    faces: [
      [272, 124, 328, 328],
      [802, 191, 353, 354],
      [1379, 105, 347, 348],
    ],
  },
  {
    file: "sample3.jpg",
    faces: [
      [515, 295, 361, 361],
      [997, 189, 367, 367],
      [1359, 251, 409, 409],
    ],
  },
  {
    file: "sample4.jpg",
    faces: [
      [176, 185, 302, 302],
      [613, 55, 278, 278],
      [916, 155, 330, 331],
      [1216, 134, 305, 305],
    ],
  },
  {
    file: "sample5.jpg",
    faces: [
      [274, 850, 370, 371],
      [516, 410, 308, 309],
      [724, 92, 272, 273],
      [1048, 171, 319, 319],
      [1321, 355, 395, 395],
    ],
  },
  {
    file: "sample6.jpg",
    faces: [
      [177, 456, 360, 361],
      [584, 304, 384, 384],
      [1081, 280, 368, 369],
      [1402, 236, 377, 377],
    ],
  },
];

const require = createRequire(import.meta.url);
/** The package's demo folder (its main entry lives in dist/). */
export const FACE_API_DEMO_DIR = path.join(path.dirname(require.resolve("@vladmandic/face-api")), "..", "demo");

export interface SampleFace {
  /** e.g. "sample4#2": photo and position from the left. */
  person: string;
  /** A JPEG of that person's head and shoulders. */
  image: Buffer;
}

/** One picture per person; `count` limits how many (in photo order). */
export async function sampleFaces(count = Infinity): Promise<SampleFace[]> {
  const faces: SampleFace[] = [];
  for (const photo of PHOTOS) {
    const source = sharp(path.join(FACE_API_DEMO_DIR, photo.file));
    const { width = 0, height = 0 } = await source.metadata();
    for (const [index, [x, y, w, h]] of photo.faces.entries()) {
      if (faces.length >= count) return faces;
      // A square twice the face box, centred on it, kept inside the photo; the neighbours at its
      // edges are smaller than the centred face, which stays the largest.
      const side = Math.min(Math.round(2 * Math.max(w, h)), width, height);
      const left = Math.min(Math.max(0, Math.round(x + w / 2 - side / 2)), width - side);
      const top = Math.min(Math.max(0, Math.round(y + h / 2 - side / 2)), height - side);
      const image = await source.clone().extract({ left, top, width: side, height: side }).jpeg({ quality: 92 }).toBuffer();
      faces.push({ person: `${photo.file.replace(".jpg", "")}#${index}`, image });
    }
  }
  return faces;
}

/** Altered copies of one picture that still show the same face. */
export async function alteredCopies(image: Buffer): Promise<{ alteration: string; image: Buffer }[]> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const cropW = Math.round(width * 0.9);
  const cropH = Math.round(height * 0.9);
  return [
    { alteration: "flipped", image: await sharp(image).flop().jpeg({ quality: 92 }).toBuffer() },
    {
      alteration: "cropped 90 %",
      image: await sharp(image)
        .extract({ left: Math.round((width - cropW) / 2), top: Math.round((height - cropH) / 2), width: cropW, height: cropH })
        .jpeg({ quality: 92 })
        .toBuffer(),
    },
    { alteration: "brighter", image: await sharp(image).modulate({ brightness: 1.3 }).jpeg({ quality: 92 }).toBuffer() },
    { alteration: "darker", image: await sharp(image).modulate({ brightness: 0.7 }).jpeg({ quality: 92 }).toBuffer() },
    {
      alteration: "re-encoded (JPEG q50, PNG)",
      image: await sharp(await sharp(image).jpeg({ quality: 50 }).toBuffer())
        .png()
        .toBuffer(),
    },
    { alteration: "tilted 10°", image: await tilted(image, 10, width, height) },
    {
      alteration: "half size",
      image: await sharp(image)
        .resize(Math.round(width / 2))
        .jpeg({ quality: 85 })
        .toBuffer(),
    },
  ];
}

/** Turned by `degrees` about its centre, same size and scale (the corners that turn in are cut). */
async function tilted(image: Buffer, degrees: number, width: number, height: number): Promise<Buffer> {
  const { data, info } = await sharp(image).rotate(degrees).toBuffer({ resolveWithObject: true });
  const left = Math.round((info.width - width) / 2);
  const top = Math.round((info.height - height) / 2);
  return sharp(data).extract({ left, top, width, height }).jpeg({ quality: 92 }).toBuffer();
}

/**
 * A photo decoded for the face pipeline the way it was before decodeFacePicture (embed-face.ts):
 * sharp converts the full-size picture through its colour profile, then shrinks it to
 * FACE_MAX_SIDE. The reference the new decoding is tested and timed against.
 */
export async function decodeConvertingFirst(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image, { failOn: "error", limitInputPixels: 50_000_000 })
    .rotate()
    .resize(FACE_MAX_SIDE, FACE_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
