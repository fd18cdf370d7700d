import { describe, expect, it } from "vitest";
import { describeCaptureSignals, describeTiming } from "@/components/console/describe-capture-signals";
import { noChecksMessage } from "@/components/console/no-checks-message";
import { readCaptureSignals } from "@/lib/server/hosted/capture-signals";

const PHONE = {
  camera_label: "Front Camera",
  track: { width: 720, height: 1280, frame_rate: 30 },
  frames: 46,
  frame_interval_ms: { mean: 150.4, sd: 6.2, min: 139, max: 171 },
  resolution_changes: 0,
  mobile: true,
};

describe("readCaptureSignals (the selfie upload's optional capture_signals field)", () => {
  it("keeps a well-formed field, with control characters out of the camera's name", () => {
    expect(readCaptureSignals(JSON.stringify(PHONE))).toEqual({ status: "sent", signals: PHONE });
    // A key a newer page adds is dropped, not stored.
    expect(readCaptureSignals(JSON.stringify({ ...PHONE, battery: 0.5 }))).toEqual({ status: "sent", signals: PHONE });
    const named = readCaptureSignals(JSON.stringify({ ...PHONE, camera_label: "Cam\u0000era\n" }));
    expect(named).toEqual({ status: "sent", signals: { ...PHONE, camera_label: "Cam era" } });
  });

  it("says not_sent when the field is absent, and malformed (never throwing) for anything else", () => {
    expect(readCaptureSignals(null)).toEqual({ status: "not_sent" });
    expect(readCaptureSignals(undefined)).toEqual({ status: "not_sent" });
    expect(readCaptureSignals("{not json")).toEqual({ status: "malformed", issue: "not JSON" });
    expect(readCaptureSignals(new File(["{}"], "x.json"))).toMatchObject({ status: "malformed" });
    expect(readCaptureSignals("x".repeat(5000))).toMatchObject({ status: "malformed", issue: expect.stringContaining("longer than") });
    // Out of bounds, wrong types, a missing key, a name too long.
    const { mobile: _omitted, ...withoutMobile } = PHONE;
    for (const bad of [
      { ...PHONE, frames: -1 },
      { ...PHONE, frames: 1e9 },
      { ...PHONE, mobile: "yes" },
      withoutMobile,
      { ...PHONE, frame_interval_ms: { ...PHONE.frame_interval_ms, max: 1e6 } },
      { ...PHONE, camera_label: "c".repeat(201) },
      { ...PHONE, track: { width: 1, height: 1 } },
      [],
      42,
    ]) {
      expect(readCaptureSignals(JSON.stringify(bad)), JSON.stringify(bad).slice(0, 80)).toMatchObject({
        status: "malformed",
        issue: expect.any(String),
      });
    }
  });
});

describe("describeCaptureSignals (the case page's Capture signals)", () => {
  it("reads a phone camera with ordinary jitter plainly, flagging nothing", () => {
    const lines = describeCaptureSignals({ status: "sent", signals: PHONE });
    expect(lines).toEqual([
      { label: "Camera", value: "“Front Camera”", notable: false },
      { label: "Resolution", value: "720×1280 at 30 fps; no change during capture", notable: false },
      {
        label: "Frame timing",
        value: "some jitter, as a real camera usually has; every 150.4 ms ± 6.2 (139–171 ms, 46 frames)",
        notable: false,
      },
      { label: "Device", value: "phone or tablet", notable: false },
    ]);
  });

  it("flags a virtual camera's name, clockwork frame timing and a resolution that changed", () => {
    const lines = describeCaptureSignals({
      status: "sent",
      signals: {
        camera_label: "OBS Virtual Camera",
        track: { width: 640, height: 480, frame_rate: null },
        frames: 40,
        frame_interval_ms: { mean: 150, sd: 0.3, min: 149.6, max: 150.5 },
        resolution_changes: 2,
        mobile: false,
      },
    });
    expect(lines.find((l) => l.label === "Camera")).toEqual({
      label: "Camera",
      value: "“OBS Virtual Camera”: the name of a virtual or test camera",
      notable: true,
    });
    expect(lines.find((l) => l.label === "Resolution")).toEqual({
      label: "Resolution",
      value: "640×480; changed 2 times during capture: the source may have been switched",
      notable: true,
    });
    expect(lines.find((l) => l.label === "Frame timing")?.value).toBe(
      "very regular: a virtual camera or a replay can look like this; every 150.0 ms ± 0.3 (149.6–150.5 ms, 40 frames)",
    );
    expect(lines.find((l) => l.label === "Frame timing")?.notable).toBe(true);
    expect(lines.find((l) => l.label === "Device")?.value).toBe("desktop or laptop");
  });

  it("says when the timing cannot be judged or was irregular, and when nothing or something unreadable was sent", () => {
    expect(describeTiming(null, 0)).toEqual({ label: "Frame timing", value: "not enough frames to judge (0)", notable: false });
    expect(describeTiming({ mean: 150, sd: 2, min: 148, max: 152 }, 3).value).toBe("not enough frames to judge (3)");
    expect(describeTiming({ mean: 150, sd: 90, min: 40, max: 600 }, 30).value).toMatch(
      /^irregular: a slow or busy device, or frames dropped/,
    );
    expect(describeCaptureSignals({ status: "not_sent" })).toEqual([
      { label: "Capture signals", value: "none sent (an older page, or a client that does not send them)", notable: false },
    ]);
    expect(describeCaptureSignals(null)[0]!.value).toMatch(/^none sent/);
    expect(describeCaptureSignals({ status: "malformed", issue: "not JSON" })).toEqual([
      { label: "Capture signals", value: "sent but unreadable (not JSON): a modified client can look like this", notable: true },
    ]);
    const unnamed = describeCaptureSignals({ status: "sent", signals: { ...PHONE, camera_label: null, track: null, mobile: null } });
    expect(unnamed.map((l) => l.value)).toEqual(
      expect.arrayContaining(["name not given by the browser", "not given; no change during capture", "not given"]),
    );
  });
});

describe("noChecksMessage (issue 28 item 6: the case page says what is true)", () => {
  it("says nothing was submitted only when nothing was", () => {
    expect(noChecksMessage({ status: "InProgress", evidence: 0, attempts: [] })).toBe(
      "No checks yet: the person has not submitted any evidence.",
    );
  });

  it("tells an in-progress case with an accepted photo ID and its evidence that checks come at the end", () => {
    const message = noChecksMessage({
      status: "InProgress",
      evidence: 2,
      attempts: [
        { step: "photo_id", outcome: "accepted" },
        { step: "video_selfie", outcome: "retake" },
      ],
    });
    expect(message).not.toMatch(/not submitted/);
    expect(message).toBe(
      "No checks yet: they are recorded when the person finishes the flow. So far: photo ID accepted; 1 attempt at the video selfie not accepted yet; 2 evidence files stored. The evidence and each attempt are shown below.",
    );
  });

  it("does not say 'yet' of a finished case without checks", () => {
    expect(
      noChecksMessage({
        status: "LockedOut",
        evidence: 1,
        attempts: [
          { step: "video_selfie", outcome: "failed" },
          { step: "video_selfie", outcome: "failed" },
        ],
      }),
    ).toBe(
      "No checks were recorded for this case. On record: 2 attempts at the video selfie not accepted; 1 evidence file stored. The evidence and each attempt are shown below.",
    );
    expect(noChecksMessage({ status: "Expired", evidence: 0, attempts: [] })).toBe(
      "No checks were recorded for this case, and no evidence was submitted.",
    );
  });
});
