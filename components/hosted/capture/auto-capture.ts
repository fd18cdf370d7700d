// The document camera takes the photo by itself once the picture has been steady and sharp for a
// moment: each live sample (a few a second) is judged here. Pure (unit-tested).
import type { GreyImage, QualityHint } from "./quality";

export const AUTO_CAPTURE = {
  /** Mean absolute grey difference (0–255) between two small samples below which the view is steady. */
  steadyDiff: 6,
  /** Good samples in a row before the shutter fires (at ~3 samples a second: about a second). */
  streak: 3,
  /** Never sooner than this after the camera became ready (time to frame the document). */
  minLiveMs: 1500,
} as const;

/** What the live view tells the person while aiming: fix this, hold still, or (about to be) taken. */
export type LiveAdvice = QualityHint | "hold_still" | "good";

export interface AutoCaptureSample {
  /** The quality hints of this sample inside the guide (quality.ts assessQuality). */
  hints: readonly QualityHint[];
  /** Difference from the previous sample (frameDifference), null for the first. */
  difference: number | null;
  /** ms since the camera became ready */
  liveMs: number;
}

/** One sample in: the new streak, the advice to show, and whether to take the photo now. */
export function autoCaptureStep(streak: number, sample: AutoCaptureSample): { streak: number; advice: LiveAdvice; fire: boolean } {
  if (sample.hints.length > 0) return { streak: 0, advice: sample.hints[0]!, fire: false };
  if (sample.difference === null || sample.difference > AUTO_CAPTURE.steadyDiff) return { streak: 0, advice: "hold_still", fire: false };
  const next = streak + 1;
  return { streak: next, advice: "good", fire: next >= AUTO_CAPTURE.streak && sample.liveMs >= AUTO_CAPTURE.minLiveMs };
}

/** Mean absolute difference of two grey pictures of the same size (Infinity when sizes differ). */
export function frameDifference(a: GreyImage, b: GreyImage): number {
  if (a.width !== b.width || a.height !== b.height || a.data.length === 0) return Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}
