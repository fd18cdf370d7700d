// What the browser saw of its camera while the selfie was recorded, sent with the frames as the
// multipart field `capture_signals` (JSON) for the server's liveness checks to weigh: a virtual
// camera's name, a track whose size or rate is odd, frames that came too evenly or changed size.

export interface CaptureSignals {
  camera_label: string | null;
  track: { width: number; height: number; frame_rate: number | null } | null;
  frames: number;
  frame_interval_ms: { mean: number; sd: number; min: number; max: number } | null;
  resolution_changes: number;
  mobile: boolean | null;
}

export interface CaptureObservations {
  /** MediaStreamTrack.label ("" when the browser hides it). */
  label: string | null | undefined;
  /** MediaStreamTrack.getSettings() */
  settings: { width?: number; height?: number; frameRate?: number } | null | undefined;
  /** When each kept frame was taken (ms, any origin), in capture order. */
  frameTimes: readonly number[];
  /** How many times the video's size (videoWidth × videoHeight) changed while recording. */
  resolutionChanges: number;
  mobile: boolean | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function intervalStats(times: readonly number[]): CaptureSignals["frame_interval_ms"] {
  if (times.length < 2) return null;
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const sd = Math.sqrt(gaps.reduce((a, g) => a + (g - mean) ** 2, 0) / gaps.length);
  return { mean: round1(mean), sd: round1(sd), min: round1(Math.min(...gaps)), max: round1(Math.max(...gaps)) };
}

export function captureSignals(seen: CaptureObservations): CaptureSignals {
  const s = seen.settings;
  const track =
    s && typeof s.width === "number" && typeof s.height === "number"
      ? {
          width: s.width,
          height: s.height,
          frame_rate: typeof s.frameRate === "number" && Number.isFinite(s.frameRate) ? round1(s.frameRate) : null,
        }
      : null;
  return {
    camera_label: seen.label ? seen.label.slice(0, 200) : null,
    track,
    frames: seen.frameTimes.length,
    frame_interval_ms: intervalStats(seen.frameTimes),
    resolution_changes: seen.resolutionChanges,
    mobile: seen.mobile,
  };
}

/** A coarse guess: the browser's own hint (User-Agent Client Hints) where it gives one, else the user agent string. */
export function guessMobile(nav: { userAgent?: string; userAgentData?: { mobile?: boolean } } | undefined): boolean | null {
  if (!nav) return null;
  if (typeof nav.userAgentData?.mobile === "boolean") return nav.userAgentData.mobile;
  if (!nav.userAgent) return null;
  return /Mobi|Android|iPhone|iPad|iPod/i.test(nav.userAgent);
}
