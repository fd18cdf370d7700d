import { SELFIE_LEAD_IN_MS, SELFIE_STEP_MS, type ChallengeStep } from "@/lib/server/liveness/challenge";
import { headOf, poseAt } from "./challenge-frames";
import { renderHead } from "./render-head";
import { writeMjpeg, writeY4m } from "./write-video";

/** Chromium 156 plays a .mjpeg file at a fixed 30 frames per second whatever it holds (measured; README.md). */
export const MJPEG_FPS = 30;

export interface ChallengeVideoOptions {
  /**
   * Neutral time before the challenge's lead-in: how long after the page opens the camera it
   * starts capturing (the fake camera starts its file from the first frame when it is opened).
   */
  startDelayMs?: number;
  /** Neutral time after the last step, before the file loops. */
  tailMs?: number;
  /** Frames per second of a .y4m (a .mjpeg always plays at MJPEG_FPS). */
  fps?: number;
  /** Steps performed, if not the challenge (for a wrong-order attempt). */
  performed?: ChallengeStep[];
}

/** JPEG frames of sample face `faceIndex` doing `challenge`, at `fps`. */
export async function videoForChallenge(
  challenge: ChallengeStep[],
  faceIndex: number,
  options: ChallengeVideoOptions = {},
): Promise<{ frames: Buffer[]; fps: number }> {
  const fps = options.fps ?? MJPEG_FPS;
  const start = options.startDelayMs ?? 0;
  const total = start + SELFIE_LEAD_IN_MS + challenge.length * SELFIE_STEP_MS + (options.tailMs ?? 2000);
  const model = await headOf(faceIndex);
  const performed = options.performed ?? challenge;
  const frames: Buffer[] = [];
  for (let i = 0; i * (1000 / fps) < total; i++) {
    const t = i * (1000 / fps) - start;
    frames.push(renderHead(model, poseAt(performed, Math.max(0, t)), 80));
  }
  return { frames, fps };
}

/** Writes the video to `path` (absolute; `.mjpeg` or `.y4m`, chosen by its extension). */
export async function writeChallengeVideo(
  path: string,
  challenge: ChallengeStep[],
  faceIndex: number,
  options: ChallengeVideoOptions = {},
): Promise<void> {
  const mjpeg = path.endsWith(".mjpeg");
  if (!mjpeg && !path.endsWith(".y4m")) throw new Error("the fake camera reads .mjpeg or .y4m files");
  const { frames, fps } = await videoForChallenge(challenge, faceIndex, { ...options, fps: mjpeg ? MJPEG_FPS : (options.fps ?? 15) });
  if (mjpeg) await writeMjpeg(path, frames);
  else await writeY4m(path, frames, fps);
}
