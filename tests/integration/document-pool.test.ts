import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDocumentPool, runDocumentTask } from "@/lib/server/documents/pool/run-document-task";
import { generateIdDocument } from "../support/documents/id-document";
import { FACE_EMBEDDING_DIMENSIONS } from "@/lib/server/faces/compare-faces";

// The worker-thread pool that keeps document reading off the request thread (issue 11). The rest
// of the suite reads in-thread (DOCUMENT_WORKERS=0); here one pool thread does the work.
process.env.DOCUMENT_WORKERS = "1";

let front: Buffer;
beforeAll(async () => {
  front = await sharp((await generateIdDocument({ seed: "pool-a", kind: "passport", faceIndex: 3 })).image).jpeg({ quality: 90 }).toBuffer();
}, 120_000);
afterAll(() => closeDocumentPool());

describe("document pool", () => {
  it("reads in a worker thread while this thread keeps answering", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = Date.now();
    const result = await runDocumentTask({ op: "photo_id", input: { kind: "passport", front } });
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
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#777" } }).jpeg().toBuffer();
    const result = await runDocumentTask({ op: "photo_id", input: { kind: "passport", front: blank } });
    expect(result.outcome).toBe("fail");
    expect(result.retake).toMatchObject({ reason: "no_mrz" });
    expect(result.validations.document_contains_face).toEqual({ status: "fail", failed_reasons: ["NO_FACE_ON_DOCUMENT"] });
  }, 60_000);
});
