import { describe, expect, it } from "vitest";
import type { ChallengeStep } from "@/lib/server/liveness/challenge";
import { FACE_EMBEDDING_DIMENSIONS } from "@/lib/server/faces/compare-faces";
import { getHuman } from "@/lib/server/faces/load-human";
import { judgeSelfie } from "@/lib/server/liveness/judge-selfie";
import { captureFrames, stillFrames } from "@/tests/support/liveness/challenge-frames";

/*
 * Re-rendered heads (tests/support/liveness) doing a challenge. Sample face 13 (sample5#0) looks
 * at the camera; 6 (sample3#0) is another person. Truth is what the renderer was told to do.
 */
const PERSON = 13;
const OTHER = 6;
const CHALLENGE: ChallengeStep[] = ["turn_left", "blink", "smile"];

describe("judgeSelfie", () => {
  it("passes a head that turns, blinks and smiles as asked", async () => {
    const j = await judgeSelfie({ challenge: CHALLENGE, frames: await captureFrames(CHALLENGE, PERSON) });
    console.log(
      "turned:",
      j.liveness,
      j.details.steps.map((s) => `${s.step} ${s.measured.toFixed(2)}`).join(", "),
      "same",
      j.details.sameFaceMin,
    );
    expect(j.liveness.status).toBe("pass");
    expect(j.liveness.reasons).toEqual([]);
    expect(j.liveness.score).toBeGreaterThanOrEqual(0.5);
    expect(j.retake).toBeNull();
    expect(j.bestFrame?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(j.embedding).toHaveLength(FACE_EMBEDDING_DIMENSIONS);
    // The shared instance is back to the live risk engine's configuration (load-human.ts).
    const face = (await getHuman()).config.face;
    expect([face.iris?.enabled, face.antispoof?.enabled, face.liveness?.enabled, face.description?.enabled]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  }, 120_000); // ~40 frames judged: over 30 s on a busy machine

  it("fails a still photo held to the camera: the head did not turn", async () => {
    const j = await judgeSelfie({ challenge: CHALLENGE, frames: await stillFrames(CHALLENGE, PERSON) });
    console.log("still:", j.liveness);
    expect(j.liveness.status).toBe("fail");
    expect(j.liveness.reasons).toContain("head did not turn left");
    expect(j.liveness.reasons).toContain("no blink seen");
    expect(j.liveness.score).toBeLessThan(0.5);
    expect(j.retake?.reason).toBe("challenge_not_followed");
  }, 120_000); // ~40 frames judged: over 30 s on a busy machine

  it("fails when another face takes over mid-challenge", async () => {
    const frames = await captureFrames(CHALLENGE, PERSON, { swapTo: { faceIndex: OTHER, fromMs: 3000 } });
    const j = await judgeSelfie({ challenge: CHALLENGE, frames });
    console.log("swapped:", j.liveness, "same", j.details.sameFaceMin);
    expect(j.liveness.status).toBe("fail");
    expect(j.liveness.reasons).toContain("different faces during the challenge");
  }, 120_000); // ~40 frames judged: over 30 s on a busy machine

  it("fails the right moves in the wrong order", async () => {
    const challenge: ChallengeStep[] = ["turn_left", "smile", "turn_right"];
    const frames = await captureFrames(challenge, PERSON, { performed: ["turn_right", "smile", "turn_left"] });
    const j = await judgeSelfie({ challenge, frames });
    console.log("wrong order:", j.liveness);
    expect(j.liveness.status).toBe("fail");
    expect(j.liveness.reasons).toEqual(expect.arrayContaining(["head did not turn left", "head did not turn right"]));
  }, 120_000); // ~40 frames judged: over 30 s on a busy machine

  it("asks for a retake when no face is in view", async () => {
    const frames = (await stillFrames(CHALLENGE, PERSON)).map((f) => ({ ...f, image: Buffer.from("not an image") }));
    const j = await judgeSelfie({ challenge: CHALLENGE, frames });
    expect(j.liveness.status).toBe("fail");
    expect(j.retake?.reason).toBe("no_face");
  });
});
