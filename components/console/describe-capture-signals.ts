import type { StoredCaptureSignals } from "@/lib/contract/capture-signals";

/*
 * The capture signals of one selfie attempt in plain words for staff (case page, "Capture
 * signals"). They come from the person's browser, which can be made to say anything: they are
 * something to weigh, never a verdict, and the judge does not use them.
 */

export interface SignalLine {
  label: string;
  value: string;
  /** Worth a second look (shown in amber). */
  notable: boolean;
}

/** Device names that virtual cameras and test devices give themselves. */
const VIRTUAL_CAMERA =
  /virtual|\bobs\b|manycam|snap camera|xsplit|droidcam|epoccam|\bcamo\b|\bndi\b|mmhmm|splitcam|e2esoft|fake|webcamoid|v4l2loopback|dummy/i;

/**
 * Frame-to-frame timing. A real camera's frames arrive with some jitter (a few ms on an idle
 * device, more on a busy one); software that plays a file or a synthetic stream into the browser
 * often delivers them to the millisecond. Coefficient of variation (sd ÷ mean) below 1 % with a
 * spread under 2 ms is "very regular"; above 35 %, or a gap over three means, frames were late or
 * dropped. These bounds are for reading, not for deciding.
 */
export const REGULAR_CV = 0.01;
export const REGULAR_SPREAD_MS = 2;
export const IRREGULAR_CV = 0.35;

export function describeTiming(interval: { mean: number; sd: number; min: number; max: number } | null, frames: number): SignalLine {
  const label = "Frame timing";
  if (!interval || frames < 5 || interval.mean <= 0) return { label, value: `not enough frames to judge (${frames})`, notable: false };
  const cv = interval.sd / interval.mean;
  const figures = `every ${interval.mean.toFixed(1)} ms ± ${interval.sd.toFixed(1)} (${Number(interval.min.toFixed(1))}–${Number(interval.max.toFixed(1))} ms, ${frames} frames)`;
  if (cv < REGULAR_CV && interval.max - interval.min < REGULAR_SPREAD_MS) {
    return { label, value: `very regular: a virtual camera or a replay can look like this; ${figures}`, notable: true };
  }
  if (cv > IRREGULAR_CV || interval.max > 3 * interval.mean)
    return { label, value: `irregular: a slow or busy device, or frames dropped; ${figures}`, notable: false };
  return { label, value: `some jitter, as a real camera usually has; ${figures}`, notable: false };
}

export function describeCaptureSignals(stored: StoredCaptureSignals | null | undefined): SignalLine[] {
  if (!stored || stored.status === "not_sent")
    return [{ label: "Capture signals", value: "none sent (an older page, or a client that does not send them)", notable: false }];
  if (stored.status === "malformed")
    return [
      { label: "Capture signals", value: `sent but unreadable (${stored.issue}): a modified client can look like this`, notable: true },
    ];
  const s = stored.signals;
  const lines: SignalLine[] = [];
  if (s.camera_label === null) lines.push({ label: "Camera", value: "name not given by the browser", notable: false });
  else if (VIRTUAL_CAMERA.test(s.camera_label))
    lines.push({ label: "Camera", value: `“${s.camera_label}”: the name of a virtual or test camera`, notable: true });
  else lines.push({ label: "Camera", value: `“${s.camera_label}”`, notable: false });

  const changes =
    s.resolution_changes === 0
      ? "no change during capture"
      : `changed ${s.resolution_changes} ${s.resolution_changes === 1 ? "time" : "times"} during capture: the source may have been switched`;
  const size = s.track
    ? `${s.track.width}×${s.track.height}${s.track.frame_rate === null ? "" : ` at ${Number(s.track.frame_rate.toFixed(1))} fps`}`
    : "not given";
  lines.push({ label: "Resolution", value: `${size}; ${changes}`, notable: s.resolution_changes > 0 });

  lines.push(describeTiming(s.frame_interval_ms, s.frames));
  lines.push({
    label: "Device",
    value: s.mobile === null ? "not given" : s.mobile ? "phone or tablet" : "desktop or laptop",
    notable: false,
  });
  return lines;
}
