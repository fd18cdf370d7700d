import { describe, expect, it } from "vitest";
import { findDocumentFace } from "@/lib/server/documents/document-face";
import type { ChallengeStep } from "@/lib/server/liveness/challenge";
import { judgeSelfie } from "@/lib/server/liveness/judge-selfie";
import { sampleFaces } from "@/tests/support/faces";
import { captureFrames } from "@/tests/support/liveness/challenge-frames";

/* The re-rendered person's selfie against a document-like photo of the same person and of another. */
const PERSON = 13;
const OTHER = 15;
const CHALLENGE: ChallengeStep[] = ["smile", "turn_right", "blink"];

describe("judgeSelfie face match", () => {
  it("matches the same person's photo and not another person's", async () => {
    const faces = await sampleFaces(22);
    const own = await findDocumentFace(faces[PERSON]!.image);
    const other = await findDocumentFace(faces[OTHER]!.image);
    const frames = await captureFrames(CHALLENGE, PERSON);
    const same = await judgeSelfie({ challenge: CHALLENGE, frames, documentEmbedding: own!.embedding });
    const different = await judgeSelfie({ challenge: CHALLENGE, frames, documentEmbedding: other!.embedding });
    console.log("face match same:", same.faceMatch, "other:", different.faceMatch);
    expect(same.faceMatch?.status).toBe("pass");
    expect(different.faceMatch?.status).toBe("fail");
    expect(same.liveness.status).toBe("pass");
  }, 120_000); // two judgements of 40 frames: ~15 s on a quiet core, over 30 s on a busy machine

  it("gives no face match without a document face", async () => {
    const j = await judgeSelfie({ challenge: CHALLENGE, frames: await captureFrames(CHALLENGE, PERSON), documentEmbedding: null });
    expect(j.faceMatch).toBeNull();
  }, 120_000);
});
