import { captureSignalsSchema, type StoredCaptureSignals } from "@/lib/contract/capture-signals";

export type { CaptureSignals, StoredCaptureSignals } from "@/lib/contract/capture-signals";

/*
 * What the browser says about the camera a selfie was captured with (issue 26 item 5): the
 * capture page sends it as the optional multipart field `capture_signals`. A browser can be made
 * to say anything, so these are only shown to staff beside the judgement; they never decide a
 * selfie, and a missing or malformed field never stops one.
 */

/** The longest field value read at all: a real one is a few hundred bytes. */
const MAX_FIELD_CHARS = 4_096;

/** The field as the route received it (FormData value or nothing) → what is stored. Never throws. */
export function readCaptureSignals(value: FormDataEntryValue | null | undefined): StoredCaptureSignals {
  if (value === null || value === undefined || value === "") return { status: "not_sent" };
  if (typeof value !== "string") return { status: "malformed", issue: "sent as a file, not as text" };
  if (value.length > MAX_FIELD_CHARS) return { status: "malformed", issue: `longer than ${MAX_FIELD_CHARS} characters` };
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { status: "malformed", issue: "not JSON" };
  }
  const parsed = captureSignalsSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { status: "malformed", issue: first ? `${first.path.join(".") || "value"}: ${first.message}`.slice(0, 200) : "invalid" };
  }
  // Control characters have no place in a device name shown on a page.
  const label = parsed.data.camera_label?.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").trim() ?? null;
  return { status: "sent", signals: { ...parsed.data, camera_label: label === "" ? null : label } };
}
