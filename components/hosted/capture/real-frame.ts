import type { GreyImage } from "./quality";

/** A sample of the live video: brightness statistics and the video clock when it was taken. */
export interface FrameSample {
  mean: number;
  std: number;
  /** The video element's currentTime (s): it advances only while frames are really arriving. */
  videoTime: number;
}

export function sampleFrame(img: GreyImage, videoTime: number): FrameSample {
  let sum = 0;
  let sumSq = 0;
  for (const v of img.data) {
    sum += v;
    sumSq += v * v;
  }
  const n = img.data.length || 1;
  const mean = sum / n;
  return { mean, std: Math.sqrt(Math.max(0, sumSq / n - mean * mean)), videoTime };
}

/**
 * The shutter may open once the camera really shows a picture: not black, not a flat fill (the
 * first frames of many phone cameras are black or grey), and the stream is playing (its clock
 * advanced since the previous sample). A still scene is fine: a camera pointed at a document on
 * a table shows nearly identical frames, and a fake camera in tests may play one image.
 */
export function isRealFrame(current: FrameSample, previous: FrameSample | null): boolean {
  const lit = (s: FrameSample) => s.mean > 12 && s.std > 6;
  return previous !== null && lit(previous) && lit(current) && current.videoTime > previous.videoTime;
}
