import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ChallengeStep } from "@/lib/server/liveness/challenge";
import { judgeSelfie, type SelfieJudgement } from "@/lib/server/liveness/judge-selfie";
import { captureFrames } from "@/tests/support/liveness/challenge-frames";
import { attackFrames, flatPicture, viewOf, FLAT } from "@/tests/support/liveness/print-attack";

/*
 * Presentation attacks (issue 26 item 5): a flat picture held to a pinhole camera and moved in
 * 3-D (tests/support/liveness/print-attack.ts). The picture is a real photograph read from
 * ../shared/real-data (never copied); the genuine path is the re-rendered head of sample face 13.
 * Truth is what the attacker was told to do with the picture: a flat picture never blinks or
 * smiles, and never turns its head.
 */
const PHOTO = path.join(process.cwd(), "..", "shared", "real-data", "faces-deepface", "img20.jpg");
const CHALLENGE: ChallengeStep[] = ["blink", "smile", "turn_right"];
const step = (j: SelfieJudgement, name: ChallengeStep) => j.details.steps.find((s) => s.step === name)!;
const picture = async () => flatPicture(await readFile(PHOTO));

function expectNoStepDone(j: SelfieJudgement) {
  const summary = j.details.steps.map((s) => `${s.step} ${s.measured.toFixed(2)} ${s.done}`).join(", ");
  expect(j.liveness.status, summary).toBe("fail");
  for (const s of j.details.steps) expect(s.done, `${s.step}: ${summary}`).toBe(false);
}

describe("judgeSelfie against presentation attacks", () => {
  it("fails a print tilted about its horizontal axis (55°, top towards the camera: the eyes flatten) at blink, smile and turn", async () => {
    const j = await judgeSelfie({
      challenge: CHALLENGE,
      frames: await attackFrames(CHALLENGE, await picture(), { blink: { tilt: -55 }, smile: { tilt: -55 }, turn_right: { swing: -35 } }),
    });
    console.log("print tilted -55°:", j.details.steps.map((s) => `${s.step} ${s.measured.toFixed(2)}`).join(", "));
    expectNoStepDone(j);
    expect(j.liveness.reasons.some((r) => r.startsWith("no blink seen"))).toBe(true);
  }, 120_000);

  it("fails a print tilted the other way (40° and 55°, the mouth nearer the camera widens) at the smile and blink", async () => {
    for (const tilt of [40, 55]) {
      const j = await judgeSelfie({
        challenge: CHALLENGE,
        frames: await attackFrames(CHALLENGE, await picture(), { blink: { tilt }, smile: { tilt }, turn_right: { swing: 35 } }),
      });
      console.log(
        `print tilted ${tilt}°:`,
        j.details.steps.map((s) => `${s.step} ${s.measured.toFixed(2)}`).join(", "),
        j.liveness.reasons,
      );
      expectNoStepDone(j);
      expect(step(j, "smile").measured).toBeLessThan(1.09);
    }
  }, 180_000);

  it("fails a print moved, rolled in its plane and brought nearer, and a still print", async () => {
    const pic = await picture();
    const moved = await judgeSelfie({
      challenge: CHALLENGE,
      frames: await attackFrames(CHALLENGE, pic, {
        blink: { dy: 40, roll: 12 },
        smile: { scale: 1.25, dx: -30 },
        turn_right: { roll: -15, dx: 40 },
      }),
    });
    expectNoStepDone(moved);
    const still = await viewOf(pic, FLAT);
    const frames = (await attackFrames(CHALLENGE, pic, {})).map((f) => ({ ...f, image: still }));
    const held = await judgeSelfie({ challenge: CHALLENGE, frames });
    expectNoStepDone(held);
    expect(held.liveness.reasons).toEqual(expect.arrayContaining(["no blink seen", "no smile seen", "head did not turn right"]));
  }, 120_000);

  it("fails a screen replaying the person's recording of other steps, and still passes the person doing the challenge", async () => {
    // The recording blinks, smiles and turns, but never when this challenge asks for it.
    const recording = await captureFrames(["smile", "turn_right", "blink"], 13);
    const frames = [];
    for (const f of recording)
      frames.push({
        ...f,
        image: await viewOf(await flatPicture(f.image), { ...FLAT, tilt: 8, swing: -6, scale: 0.92 }, { screen: true }),
      });
    const replay = await judgeSelfie({ challenge: CHALLENGE, frames });
    console.log("screen replay:", replay.details.steps.map((s) => `${s.step} ${s.measured.toFixed(2)}`).join(", "));
    expectNoStepDone(replay);

    const genuine = await judgeSelfie({ challenge: CHALLENGE, frames: await captureFrames(CHALLENGE, 13) });
    expect(genuine.liveness.status, genuine.liveness.reasons.join("; ")).toBe("pass");
    expect(genuine.details.steps.every((s) => s.done)).toBe(true);
  }, 120_000);
});
