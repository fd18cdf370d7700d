import sharp from "sharp";
import { SELFIE_FRAME_INTERVAL_MS, SELFIE_LEAD_IN_MS, SELFIE_STEP_MS, type ChallengeStep } from "@/lib/server/liveness/challenge";
import type { SelfieFrame } from "@/lib/server/liveness/judge-selfie";
import { sampleFaces } from "../faces";
import { FRAME_HEIGHT, FRAME_WIDTH, loadHead, type HeadModel } from "./head-model";
import { NEUTRAL, renderHead, type HeadPose } from "./render-head";

/*
 * A person doing a challenge, as a timeline of head poses, rendered as the browser's capture
 * frames (for judgeSelfie) or as a fake camera's video. Timing within each SELFIE_STEP_MS: a
 * quarter second to react, the move, a hold, back to rest before the next prompt.
 */

/** Degrees the re-rendered head turns (Human reads a 35° re-rendered turn as about 14–25°). */
export const TURN_DEGREES = 35;

const ramp = (t: number, from: number, to: number) => Math.max(0, Math.min(1, (t - from) / (to - from)));
const smooth = (x: number) => x * x * (3 - 2 * x);

/** The action of one step `t` ms after its prompt appeared (0 … SELFIE_STEP_MS). */
export function stepPose(step: ChallengeStep, t: number): Partial<HeadPose> {
  const s = SELFIE_STEP_MS / 2000; // the profile below is written for 2 s steps
  if (step === "turn_left" || step === "turn_right") {
    const amount = smooth(ramp(t, 250 * s, 800 * s)) * (1 - smooth(ramp(t, 1500 * s, 1900 * s)));
    return { yaw: (step === "turn_left" ? 1 : -1) * TURN_DEGREES * amount, pitch: 4 * amount };
  }
  if (step === "blink") return { blink: ramp(t, 600 * s, 700 * s) * (1 - ramp(t, 950 * s, 1050 * s)) };
  return { smile: smooth(ramp(t, 300 * s, 800 * s)) * (1 - smooth(ramp(t, 1600 * s, 1950 * s))) };
}

/** The pose `t` ms after capture start for someone doing `steps` (after a neutral lead-in). */
export function poseAt(steps: ChallengeStep[], t: number, leadInMs = SELFIE_LEAD_IN_MS): HeadPose {
  // A living head never stays perfectly still: a slow nod of a degree or two.
  const drift = { ...NEUTRAL, pitch: 1.5 * Math.sin((2 * Math.PI * t) / 2700), yaw: 1 * Math.sin((2 * Math.PI * t) / 3900) };
  const index = Math.floor((t - leadInMs) / SELFIE_STEP_MS);
  const step = t >= leadInMs ? steps[index] : undefined;
  if (!step) return drift;
  const action = stepPose(step, t - leadInMs - index * SELFIE_STEP_MS);
  return { ...drift, ...action, yaw: drift.yaw + (action.yaw ?? 0), pitch: drift.pitch + (action.pitch ?? 0) };
}

const models = new Map<number, Promise<HeadModel>>();

/** The re-renderable head of sample face `faceIndex` (tests/support/faces.ts order), loaded once. */
export function headOf(faceIndex: number): Promise<HeadModel> {
  let model = models.get(faceIndex);
  if (!model) {
    model = sampleFaces(faceIndex + 1).then((faces) => {
      const face = faces[faceIndex];
      if (!face) throw new Error(`no sample face ${faceIndex}`);
      return loadHead(face.image);
    });
    models.set(faceIndex, model);
  }
  return model;
}

/** Sample faces whose re-rendered challenges passed in the bench (turn, blink and smile all read): the heads to use. */
export const TURNABLE_FACES = [13, 6, 15, 18, 20, 8, 17, 19, 7];

export interface CaptureOptions {
  /** Steps actually performed (default: the challenge itself); frames are still tagged with the challenge's. */
  performed?: ChallengeStep[];
  /** Swap to another sample face from this capture time on (ms). */
  swapTo?: { faceIndex: number; fromMs: number };
}

/** The frames a browser would send to judgeSelfie for this person doing the challenge. */
export async function captureFrames(challenge: ChallengeStep[], faceIndex: number, options: CaptureOptions = {}): Promise<SelfieFrame[]> {
  const model = await headOf(faceIndex);
  const other = options.swapTo ? await headOf(options.swapTo.faceIndex) : null;
  const performed = options.performed ?? challenge;
  const frames: SelfieFrame[] = [];
  const end = SELFIE_LEAD_IN_MS + challenge.length * SELFIE_STEP_MS;
  for (let t = 0; t < end; t += SELFIE_FRAME_INTERVAL_MS) {
    const head = other && t >= options.swapTo!.fromMs ? other : model;
    frames.push({ t, step: stepIndex(t), image: renderHead(head, poseAt(performed, t)) });
  }
  return frames;
}

/** A photo held up to the camera: every frame the same picture. */
export async function stillFrames(challenge: ChallengeStep[], faceIndex: number): Promise<SelfieFrame[]> {
  const face = (await sampleFaces(faceIndex + 1))[faceIndex]!;
  const image = await sharp(face.image)
    .resize(FRAME_HEIGHT, FRAME_HEIGHT)
    .extract({ left: (FRAME_HEIGHT - FRAME_WIDTH) / 2, top: 0, width: FRAME_WIDTH, height: FRAME_HEIGHT })
    .jpeg({ quality: 85 })
    .toBuffer();
  const end = SELFIE_LEAD_IN_MS + challenge.length * SELFIE_STEP_MS;
  const frames: SelfieFrame[] = [];
  for (let t = 0; t < end; t += SELFIE_FRAME_INTERVAL_MS) frames.push({ t, step: stepIndex(t), image });
  return frames;
}

function stepIndex(t: number): number {
  return t < SELFIE_LEAD_IN_MS ? -1 : Math.floor((t - SELFIE_LEAD_IN_MS) / SELFIE_STEP_MS);
}
