import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeEnginePool, runEngineTask } from "@/lib/server/engines/engine-pool";
import { generateIdDocument } from "../support/documents/id-document";
import { FACE_EMBEDDING_DIMENSIONS } from "@/lib/server/faces/compare-faces";
import { embedFace } from "@/lib/server/faces/embed-face";
import { sampleFaces } from "../support/faces";

// The engine pool that keeps every CPU-heavy engine off the request thread (issues 11 and 27). The
// rest of the suite runs the engines in-thread (DOCUMENT_WORKERS=0); here one pool thread does the work.
process.env.DOCUMENT_WORKERS = "1";

let front: Buffer;
beforeAll(async () => {
  front = await sharp((await generateIdDocument({ seed: "pool-a", kind: "passport", faceIndex: 3 })).image)
    .jpeg({ quality: 90 })
    .toBuffer();
}, 120_000);
afterAll(() => closeEnginePool());

describe("engine pool", () => {
  it("reads in a worker thread while this thread keeps answering", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = Date.now();
    const result = await runEngineTask({ op: "photo_id", input: { kind: "passport", front } });
    clearInterval(timer);
    const elapsed = Date.now() - started;
    // The event loop ran throughout: at least half the 20 ms ticks the elapsed time allows.
    expect(ticks).toBeGreaterThan(elapsed / 20 / 2);
    expect(result.evidenceType).toBe("passport");
    expect(result.validations.document_contains_face).toEqual({ status: "pass" });
    expect(Buffer.isBuffer(result.documentFace?.crop)).toBe(true);
    expect(result.documentFace?.embedding).toHaveLength(FACE_EMBEDDING_DIMENSIONS);
  }, 120_000);

  it("answers a picture with no document with a retake, not an error", async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#777" } })
      .jpeg()
      .toBuffer();
    const result = await runEngineTask({ op: "photo_id", input: { kind: "passport", front: blank } });
    expect(result.outcome).toBe("fail");
    expect(result.retake).toMatchObject({ reason: "no_mrz" });
    expect(result.validations.document_contains_face).toEqual({ status: "fail", failed_reasons: ["NO_FACE_ON_DOCUMENT"] });
  }, 60_000);

  it("describes the risk engine's face in a pool thread: the same embedding as in this thread, and a picture without a face is the same refusal", async () => {
    const [face] = await sampleFaces(1);
    const pooled = await runEngineTask({ op: "face_embedding", input: { image: face!.image } });
    const here = await embedFace(face!.image);
    expect(pooled.ok && here.ok).toBe(true);
    if (!pooled.ok || !here.ok) return;
    expect(pooled.value.embedding).toHaveLength(FACE_EMBEDDING_DIMENSIONS);
    const cosine = pooled.value.embedding.reduce((s, v, i) => s + v * here.value.embedding[i]!, 0);
    expect(cosine).toBeGreaterThan(0.999);
    const blank = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#777" } })
      .jpeg()
      .toBuffer();
    const refused = await runEngineTask({ op: "face_embedding", input: { image: blank } });
    expect(refused).toEqual(await embedFace(blank));
    expect(refused.ok).toBe(false);
  }, 120_000);
});
