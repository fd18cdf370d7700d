import { describe, expect, it } from "vitest";
import { checkStep, type StepSample } from "@/lib/server/liveness/check-steps";

/*
 * The blink and smile checks on hand-made measurements (no model): what a rigid squash of the
 * whole face does to them against what an expression does. A flat picture tilted by θ about its
 * horizontal axis shortens every vertical length by about cos θ: the eye opening, the nose and the
 * face's height alike. An expression moves the lids or the mouth and leaves the rest.
 */
const REST: StepSample = { yaw: 0, ear: 0.3, mouth: 0.55, nose: 0.42, height: 0.95 };
const squashed = (by: number, extra: Partial<StepSample> = {}): StepSample => ({
  ...REST,
  ear: REST.ear * by,
  nose: REST.nose * by,
  height: REST.height * by,
  ...extra,
});
const frames = (...samples: StepSample[]) => samples;

describe("checkStep: blink and smile are non-rigid", () => {
  it("counts lids that close and open while the face keeps its shape", () => {
    const blink = frames(REST, { ...REST, ear: REST.ear * 0.5 }, REST);
    expect(checkStep("blink", blink, [], REST)).toMatchObject({ done: true, reason: null });
  });

  it("does not count a squash of the whole face (a picture tilted 40°, 55°, 65°) as a blink, and says why", () => {
    for (const degrees of [40, 55, 65]) {
      const c = Math.cos((degrees * Math.PI) / 180);
      const result = checkStep("blink", frames(REST, squashed(c), REST), [REST], REST);
      expect(result.done, `${degrees}°`).toBe(false);
      expect(result.reason).toBe("no blink seen: the whole face changed shape, as a tilted picture does");
    }
  });

  it("counts a frame whose face stays in its band (a nod of 20°) on its eye opening alone", () => {
    const c = Math.cos((20 * Math.PI) / 180);
    // The judge has already undone the whole face's motion in `ear` (face-shape.ts): open eyes read open.
    expect(checkStep("blink", frames(REST, squashed(c, { ear: REST.ear }), REST), [REST], REST).done).toBe(false);
    expect(checkStep("blink", frames(REST, squashed(c, { ear: REST.ear * 0.5 }), REST), [REST], REST).done).toBe(true);
  });

  it("counts a mouth that widens against the face at its own height, not one that widens with a squashed face", () => {
    expect(checkStep("smile", frames(REST, { ...REST, mouth: REST.mouth * 1.2 }), [], REST)).toMatchObject({ done: true });
    const tilted = checkStep("smile", frames(REST, squashed(Math.cos((40 * Math.PI) / 180), { mouth: REST.mouth * 1.2 })), [], REST);
    expect(tilted).toMatchObject({ done: false, reason: "no smile seen: the whole face changed shape, as a tilted picture does" });
    expect(checkStep("smile", frames(REST, REST), [], REST)).toMatchObject({ done: false, reason: "no smile seen" });
  });
});
