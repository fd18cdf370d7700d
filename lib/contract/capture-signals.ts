import { z } from "zod";

/*
 * What the browser says about the camera a selfie was captured with (issue 26 item 5): the hosted
 * capture page sends it as the selfie upload's optional multipart field `capture_signals`;
 * lib/server/hosted/capture-signals.ts reads it, the console's case page shows it.
 */

const ms = z.number().finite().min(0).max(60_000);

export const captureSignalsSchema = z
  .object({
    camera_label: z.string().max(200).nullable(),
    track: z
      .object({
        width: z.number().int().min(0).max(16_384),
        height: z.number().int().min(0).max(16_384),
        frame_rate: z.number().finite().min(0).max(1_000).nullable(),
      })
      .nullable(),
    frames: z.number().int().min(0).max(10_000),
    frame_interval_ms: z.object({ mean: ms, sd: ms, min: ms, max: ms }).nullable(),
    resolution_changes: z.number().int().min(0).max(10_000),
    mobile: z.boolean().nullable(),
  })
  // Keys a newer page adds are dropped, not a reason to call the rest unreadable.
  .strip();

export type CaptureSignals = z.infer<typeof captureSignalsSchema>;

/** As kept on the selfie attempt (`result.captureSignals`). */
export type StoredCaptureSignals =
  { status: "sent"; signals: CaptureSignals } | { status: "malformed"; issue: string } | { status: "not_sent" };
