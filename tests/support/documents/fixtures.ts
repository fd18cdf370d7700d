import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { generateIdDocument, type IdDocumentKind, type IdDocumentTruth } from "./id-document";
import { phoneCapture, type Capture, type CaptureLevel } from "./phone-capture";
import { createRng } from "./random";

/*
 * Sets of generated identity documents for tests and the benchmark, made once and kept on disk
 * (keyed by GENERATOR_VERSION: bump it whenever a change alters the pixels or the truth).
 */
export const GENERATOR_VERSION = "3";
export const DOCUMENT_CACHE_DIR = path.join(process.cwd(), "node_modules", ".cache", "verity-documents", GENERATOR_VERSION);

/** clean: the page itself (JPEG q90); phone / hard: phone-like photos; ocrbs: the second OCR-B cut with ink spread, photographed "phone". */
export type DocumentVariant = "clean" | "phone" | "hard" | "ocrbs";
export const DOCUMENT_VARIANTS: readonly DocumentVariant[] = ["clean", "phone", "hard", "ocrbs"];

export type CaptureInfo = Omit<Capture, "image">;

export interface DocumentSample {
  /** Stable name, e.g. "phone-passport-bench-17". */
  id: string;
  variant: DocumentVariant;
  kind: IdDocumentKind;
  /** What a person submits as the front (JPEG). For TD1 cards the MRZ is on the back. */
  front: Buffer;
  back?: Buffer;
  /** The image that carries the MRZ (front for TD3/TD2, back for TD1). */
  mrzImage: Buffer;
  /** How the MRZ image was captured (its homography maps truth.mrzLineBoxes into it). */
  mrzCapture: CaptureInfo;
  truth: IdDocumentTruth;
}

export interface DocumentSetOptions {
  variant: DocumentVariant;
  /** "mixed": ~60 % passports, the rest identity cards (TD1 / TD2). Default "mixed". */
  kind?: IdDocumentKind | "mixed";
  count: number;
  seed?: number | string;
  /** Documents made at once (canvas and sharp work off the JS thread). Default 2. */
  concurrency?: number;
}

const LEVEL: Record<DocumentVariant, CaptureLevel> = { clean: "clean", phone: "phone", hard: "hard", ocrbs: "phone" };

/** One document of a set, made or read from the cache. */
export async function documentSample(
  variant: DocumentVariant,
  kind: IdDocumentKind | "mixed",
  seed: number | string,
  index: number,
): Promise<DocumentSample> {
  const id = `${variant}-${kind}-${seed}-${index}`;
  const dir = path.join(DOCUMENT_CACHE_DIR, id);
  const cached = await readCached(dir, id);
  if (cached) return cached;

  const rng = createRng(`set:${id}`);
  const docKind: IdDocumentKind = kind === "mixed" ? (rng.chance(0.6) ? "passport" : "national_id") : kind;
  const doc = await generateIdDocument({
    // The variant is part of the seed, so each variant of a benchmark shows different people.
    seed: `${variant}:${seed}:${index}`,
    kind: docKind,
    ...(variant === "ocrbs" ? { font: "OCRBS" as const, inkSpread: Math.round(rng.float(0.6, 1.6) * 10) / 10 } : {}),
  });
  const level = LEVEL[variant];
  const pxPerMm = doc.truth.pxPerMm;
  const coverMm = doc.truth.format === "TD3" ? rng.float(3, 6) : 0;
  const frontCapture = await phoneCapture(doc.image, { level, seed: `${id}:front`, pxPerMm, coverMm });
  const backCapture = doc.back ? await phoneCapture(doc.back, { level, seed: `${id}:back`, pxPerMm }) : undefined;
  const mrzCapture = backCapture ?? frontCapture;
  const { image: _mrzBytes, ...mrzInfo } = mrzCapture;
  const sample: DocumentSample = {
    id,
    variant,
    kind: docKind,
    front: frontCapture.image,
    ...(backCapture ? { back: backCapture.image } : {}),
    mrzImage: mrzCapture.image,
    mrzCapture: mrzInfo,
    truth: doc.truth,
  };
  await writeCached(dir, sample);
  return sample;
}

export async function documentSet(options: DocumentSetOptions): Promise<DocumentSample[]> {
  const kind = options.kind ?? "mixed";
  const seed = options.seed ?? "set";
  const out: DocumentSample[] = new Array(options.count);
  let next = 0;
  const worker = async () => {
    while (next < options.count) {
      const index = next++;
      out[index] = await documentSample(options.variant, kind, seed, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  return out;
}

async function readCached(dir: string, id: string): Promise<DocumentSample | null> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, "sample.json"), "utf8")) as Omit<
      DocumentSample,
      "front" | "back" | "mrzImage"
    > & { hasBack: boolean };
    if (meta.id !== id) return null;
    const front = await readFile(path.join(dir, "front.jpg"));
    const back = meta.hasBack ? await readFile(path.join(dir, "back.jpg")) : undefined;
    const { hasBack: _hasBack, ...rest } = meta;
    return { ...rest, front, ...(back ? { back } : {}), mrzImage: back ?? front };
  } catch {
    return null;
  }
}

async function writeCached(dir: string, sample: DocumentSample): Promise<void> {
  // Written under a temporary name and renamed, so a parallel test process never reads half a sample.
  const tmp = `${dir}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await mkdir(tmp, { recursive: true });
  const { front, back, mrzImage: _mrz, ...meta } = sample;
  await writeFile(path.join(tmp, "front.jpg"), front);
  if (back) await writeFile(path.join(tmp, "back.jpg"), back);
  await writeFile(path.join(tmp, "sample.json"), JSON.stringify({ ...meta, hasBack: Boolean(back) }));
  await mkdir(path.dirname(dir), { recursive: true });
  // Another process may have written the same sample first: keep theirs.
  await rename(tmp, dir).catch(() => rm(tmp, { recursive: true, force: true }));
}

/** Motion-JPEG for Chromium's fake camera (--use-file-for-fake-video-capture=…mjpeg): JPEG frames back to back. */
export async function writeMjpeg(frames: readonly Buffer[], file: string): Promise<void> {
  for (const frame of frames) if (frame[0] !== 0xff || frame[1] !== 0xd8) throw new Error("writeMjpeg takes JPEG frames");
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await writeFile(file, Buffer.concat(frames));
}
