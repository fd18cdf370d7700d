// The selfie challenge's clock: a neutral lead-in (step -1), then each step for stepMs; frames are
// grabbed every frameIntervalMs and tagged {t, step} so the server knows what the person was asked
// to do in each (liveness-api: SelfieFrame).

export interface SelfieTiming {
  leadInMs: number;
  stepMs: number;
  steps: number;
  frameIntervalMs: number;
  maxFrames: number;
}

export interface FrameTag {
  /** ms since the capture started (the lead-in's start) */
  t: number;
  /** index into the challenge; -1 = lead-in */
  step: number;
}

export function totalMs(timing: SelfieTiming): number {
  return timing.leadInMs + timing.steps * timing.stepMs;
}

/** The step shown at `t`: -1 in the lead-in, 0…steps-1, then `steps` once finished. */
export function stepAt(t: number, timing: SelfieTiming): number {
  if (t < timing.leadInMs) return -1;
  return Math.min(timing.steps, Math.floor((t - timing.leadInMs) / timing.stepMs));
}

/** Whole seconds left in the phase shown at `t` (the countdown), at least 1 while it lasts. */
export function secondsLeft(t: number, timing: SelfieTiming): number {
  const step = stepAt(t, timing);
  if (step >= timing.steps) return 0;
  const end = step < 0 ? timing.leadInMs : timing.leadInMs + (step + 1) * timing.stepMs;
  return Math.max(1, Math.ceil((end - t) / 1000));
}

/** The planned capture times, every frameIntervalMs from 0 until the end, at most maxFrames. */
export function plannedFrameTimes(timing: SelfieTiming): number[] {
  const times: number[] = [];
  for (let t = 0; t < totalMs(timing) && times.length < timing.maxFrames; t += timing.frameIntervalMs) times.push(t);
  return times;
}

/** Whether a frame grabbed at `t` is kept: inside the capture and under the cap. */
export function acceptFrame(t: number, kept: number, timing: SelfieTiming): boolean {
  return t >= 0 && t < totalMs(timing) && kept < timing.maxFrames;
}

export interface CapturedFrame extends FrameTag {
  image: Blob;
}

/**
 * The upload's body: every frame as a `frames` file (frame-000.jpg, … in capture order) and `meta`,
 * a JSON array of {t, step} in the same order. `extra` fields (e.g. an attempt id) are added as text.
 */
export function buildSelfieForm(frames: readonly CapturedFrame[], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  frames.forEach((f, i) => form.append("frames", f.image, `frame-${String(i).padStart(3, "0")}.jpg`));
  form.append("meta", JSON.stringify(frames.map(({ t, step }) => ({ t: Math.round(t), step }))));
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}
