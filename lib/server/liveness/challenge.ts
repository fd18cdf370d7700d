import { randomInt } from "node:crypto";

export type ChallengeStep = "turn_left" | "turn_right" | "blink" | "smile";

/*
 * Capture timing shared by the browser and the judge. A neutral lead-in gives the judge the
 * person's resting pose (yaw, eye opening, mouth width) to measure each step against. Frames every
 * 150 ms: a deliberate blink keeps the lids down ~100–300 ms, so slower sampling misses it.
 */
/** The neutral lead-in before the first step (its frames carry step -1). */
export const SELFIE_LEAD_IN_MS = 1000;
/** How long each step's prompt is shown (its frames carry that step's index). */
export const SELFIE_STEP_MS = 2000;
/** One JPEG frame (≤ 640 px, quality ~0.8) every this many ms while capturing. */
export const SELFIE_FRAME_INTERVAL_MS = 150;
/** Frames the judge accepts at most: lead-in and three steps at the interval, plus slack. */
export const SELFIE_MAX_FRAMES = Math.ceil((SELFIE_LEAD_IN_MS + 3 * SELFIE_STEP_MS) / SELFIE_FRAME_INTERVAL_MS) + 5;

const TURNS: ChallengeStep[] = ["turn_left", "turn_right"];
const EXPRESSIONS: ChallengeStep[] = ["blink", "smile"];

/** Three different steps in random order: always one head turn and one blink or smile. */
export function createChallenge(): ChallengeStep[] {
  const turn = TURNS[randomInt(TURNS.length)]!;
  const expression = EXPRESSIONS[randomInt(EXPRESSIONS.length)]!;
  const rest = [...TURNS, ...EXPRESSIONS].filter((s) => s !== turn && s !== expression);
  const steps = [turn, expression, rest[randomInt(rest.length)]!];
  for (let i = steps.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [steps[i], steps[j]] = [steps[j]!, steps[i]!];
  }
  return steps;
}

/** The prompt-to-be-shown wording is the page's (message files); this is for logs and reasons. */
export const STEP_LABEL: Record<ChallengeStep, string> = {
  turn_left: "turn left",
  turn_right: "turn right",
  blink: "blink",
  smile: "smile",
};
