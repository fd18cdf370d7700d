import { STEP_LABEL, type ChallengeStep } from "./challenge";

/*
 * Whether each challenge step was done, from the measurements of the frames tagged with it,
 * against the person's resting values from the lead-in. Thresholds, and what they were measured on
 * (tests/bench/liveness.ts: re-rendered turns of the 22 sample faces, still photos):
 * - turn: Human's yaw moved ≥ 10° from rest with the right sign. A 35° re-rendered turn measured
 *   14–25° (Human under-reads turns), a still photo 0°. Sign: frames are the camera's own,
 *   unmirrored picture; the person's left moves their nose to the image's right, which Human
 *   reads as a *negative* yaw. So turn_left = yaw below rest, turn_right = above.
 * - blink: the eye aspect ratio dipped to ≤ 0.75 of rest and came back to ≥ 0.88 of rest after
 *   (within the step or the two frames after it). Closed re-rendered lids read 0.45–0.8 of rest.
 * - smile: the mouth-width ratio rose to ≥ 1.09 of rest (re-rendered smiles: 1.10–1.32 on most
 *   faces; a blink alone moved it up to 1.08). Smiling narrows the eyes in Human's mesh, so a
 *   blink only counts where the mouth is not smiling at the same frame.
 */

export const TURN_MIN_DEGREES = 10;
export const BLINK_MAX_RATIO = 0.8;
export const BLINK_REOPEN_RATIO = 0.9;
export const SMILE_MIN_RATIO = 1.09;

export interface StepSample {
  yaw: number;
  ear: number;
  mouth: number;
}

export interface Rest {
  yaw: number;
  ear: number;
  mouth: number;
}

export interface StepResult {
  step: ChallengeStep;
  done: boolean;
  /** 0–1: how clearly it was done (1 = at least twice the threshold's distance from rest). */
  strength: number;
  /** The step's measure: degrees turned, lowest eye-opening ratio, highest mouth ratio. */
  measured: number;
  reason: string | null;
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

export function checkStep(step: ChallengeStep, samples: StepSample[], after: StepSample[], rest: Rest): StepResult {
  const label = STEP_LABEL[step];
  if (samples.length === 0) return { step, done: false, strength: 0, measured: 0, reason: `no face while asked to ${label}` };
  if (step === "turn_left" || step === "turn_right") {
    const sign = step === "turn_left" ? -1 : 1;
    const turned = Math.max(...samples.map((s) => sign * (s.yaw - rest.yaw)));
    const done = turned >= TURN_MIN_DEGREES;
    return { step, done, strength: clamp01(turned / (2 * TURN_MIN_DEGREES)), measured: turned, reason: done ? null : `head did not ${label}` };
  }
  if (step === "blink") {
    // Smiling narrows the eyes in the mesh: those frames are no evidence of a blink.
    const ratios = samples.map((s) => (s.mouth / rest.mouth >= SMILE_MIN_RATIO ? 1 : s.ear / rest.ear));
    const lowest = Math.min(...ratios);
    const at = ratios.indexOf(lowest);
    const later = [...ratios.slice(at + 1), ...after.slice(0, 2).map((s) => s.ear / rest.ear)];
    const reopened = later.some((r) => r >= BLINK_REOPEN_RATIO);
    const done = lowest <= BLINK_MAX_RATIO && reopened;
    const reason = done ? null : lowest <= BLINK_MAX_RATIO ? "eyes did not open again after the blink" : "no blink seen";
    return { step, done, strength: clamp01((1 - lowest) / (2 * (1 - BLINK_MAX_RATIO))), measured: lowest, reason };
  }
  const highest = Math.max(...samples.map((s) => s.mouth / rest.mouth));
  const done = highest >= SMILE_MIN_RATIO;
  return { step, done, strength: clamp01((highest - 1) / (2 * (SMILE_MIN_RATIO - 1))), measured: highest, reason: done ? null : "no smile seen" };
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
