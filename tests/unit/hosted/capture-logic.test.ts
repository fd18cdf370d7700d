import { describe, expect, it } from "vitest";
import { cameraBlockedReason, classifyCameraError, isInAppBrowser } from "@/components/hosted/capture/camera-support";
import { acceptFrame, buildSelfieForm, plannedFrameTimes, secondsLeft, stepAt, totalMs } from "@/components/hosted/capture/selfie-schedule";
import { parseUploadAnswer } from "@/components/hosted/capture/upload-answer";
import { negotiateLocale, parseAcceptLanguage } from "@/i18n/locales";

const timing = { leadInMs: 2000, stepMs: 3000, steps: 3, frameIntervalMs: 500, maxFrames: 30 };

describe("selfie challenge clock", () => {
  it("lead-in is step -1, then each step for stepMs, then finished", () => {
    expect(totalMs(timing)).toBe(11_000);
    expect([0, 1999, 2000, 4999, 5000, 7999, 8000, 10_999, 11_000].map((t) => stepAt(t, timing))).toEqual([-1, -1, 0, 0, 1, 1, 2, 2, 3]);
  });

  it("counts down whole seconds of the current phase", () => {
    expect([0, 1001, 1999, 2000, 4500, 4999].map((t) => secondsLeft(t, timing))).toEqual([2, 1, 1, 3, 1, 1]);
    expect(secondsLeft(11_000, timing)).toBe(0);
  });

  it("plans a frame every interval within the capture, capped at maxFrames", () => {
    expect(plannedFrameTimes(timing)).toEqual(Array.from({ length: 22 }, (_, i) => i * 500));
    expect(plannedFrameTimes({ ...timing, maxFrames: 10 })).toHaveLength(10);
    expect(acceptFrame(10_999, 21, timing)).toBe(true);
    expect(acceptFrame(11_000, 0, timing)).toBe(false);
    expect(acceptFrame(100, 30, timing)).toBe(false);
  });

  it("sends frames as `frames` files in order and `meta` as [{t, step}] in the same order", async () => {
    const frames = [
      { t: 0, step: -1, image: new Blob(["a"], { type: "image/jpeg" }) },
      { t: 2500.4, step: 0, image: new Blob(["bb"], { type: "image/jpeg" }) },
    ];
    const form = buildSelfieForm(frames, { attempt: "2" });
    const files = form.getAll("frames") as File[];
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ["frame-000.jpg", 1],
      ["frame-001.jpg", 2],
    ]);
    expect(JSON.parse(String(form.get("meta")))).toEqual([
      { t: 0, step: -1 },
      { t: 2500, step: 0 },
    ]);
    expect(form.get("attempt")).toBe("2");
  });
});

describe("upload answers", () => {
  it("reads ok, retake and error answers", () => {
    expect(parseUploadAnswer(200, '{"ok":true,"next":"/verify/x/selfie"}')).toEqual({ kind: "next", next: "/verify/x/selfie" });
    expect(parseUploadAnswer(200, '{"ok":false,"retake":{"reason":"glare","message":"Glare"},"attemptsLeft":3}')).toEqual({
      kind: "retake",
      reason: "glare",
      message: "Glare",
      attemptsLeft: 3,
      next: null,
    });
    expect(parseUploadAnswer(410, '{"ok":false,"error":{"code":"expired","message":"gone"}}')).toMatchObject({
      kind: "error",
      code: "expired",
      message: "gone",
    });
    expect(parseUploadAnswer(422, '{"ok":false,"retake":{"reason":"no_face","message":"No face"},"attemptsLeft":0}')).toMatchObject({
      kind: "retake",
      reason: "no_face",
      attemptsLeft: 0,
    });
    expect(parseUploadAnswer(423, '{"ok":false,"error":"locked_out","next":"/verify/x"}')).toMatchObject({
      kind: "error",
      code: "locked_out",
      next: "/verify/x",
    });
  });
  it("falls back on the HTTP status when the body is not the JSON answer", () => {
    expect(parseUploadAnswer(413, "<html>Request Entity Too Large</html>")).toMatchObject({ kind: "error", code: "file_too_large" });
    expect(parseUploadAnswer(502, "")).toMatchObject({ kind: "error", code: "server" });
    expect(parseUploadAnswer(404, "Not Found")).toMatchObject({ kind: "error", code: "not_found" });
    expect(parseUploadAnswer(500, '{"ok":true}')).toMatchObject({ kind: "error", code: "server" });
  });
});

describe("camera availability", () => {
  const chrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
  it("recognises in-app browsers and Android WebViews, not ordinary browsers", () => {
    expect(
      isInAppBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0]",
      ),
    ).toBe(true);
    expect(
      isInAppBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0",
      ),
    ).toBe(true);
    expect(
      isInAppBrowser(
        "Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0 Mobile Safari/537.36".replace(
          "Android 14; wv",
          "Android 14; Pixel 8; wv",
        ),
      ),
    ).toBe(true);
    expect(isInAppBrowser(chrome)).toBe(false);
    expect(
      isInAppBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe(false);
  });
  it("sends frames without camera permission and missing APIs to the phone route before asking", () => {
    expect(cameraBlockedReason({ userAgent: chrome, inFrame: true, hasGetUserMedia: true, frameAllowsCamera: false })).toBe("frame");
    expect(cameraBlockedReason({ userAgent: chrome, inFrame: true, hasGetUserMedia: true, frameAllowsCamera: true })).toBeNull();
    expect(cameraBlockedReason({ userAgent: chrome, inFrame: false, hasGetUserMedia: false })).toBe("unsupported");
    expect(cameraBlockedReason({ userAgent: chrome, inFrame: false, hasGetUserMedia: true })).toBeNull();
  });
  it("maps getUserMedia's errors", () => {
    const err = (name: string) => Object.assign(new Error(name), { name });
    expect(classifyCameraError(err("NotAllowedError"))).toBe("denied");
    expect(classifyCameraError(err("NotAllowedError"), true)).toBe("frame");
    expect(classifyCameraError(err("NotFoundError"))).toBe("no_camera");
    expect(classifyCameraError(err("OverconstrainedError"))).toBe("no_camera");
    expect(classifyCameraError(err("NotReadableError"))).toBe("in_use");
    expect(classifyCameraError(new Error("?"))).toBe("failed");
  });
});

describe("locale negotiation", () => {
  it("query, then cookie, then Accept-Language by q, then English", () => {
    expect(parseAcceptLanguage("fr;q=0.9, cy-GB, en;q=0.8, *;q=0.1")).toEqual(["cy-GB", "fr", "en"]);
    expect(negotiateLocale({ query: "cy", cookie: "en", acceptLanguage: "en" })).toBe("cy");
    expect(negotiateLocale({ query: "xx", cookie: "cy", acceptLanguage: "en" })).toBe("cy");
    expect(negotiateLocale({ acceptLanguage: "de-DE, cy;q=0.5, en;q=0.4" })).toBe("cy");
    expect(negotiateLocale({ acceptLanguage: "cy;q=0, de" })).toBe("en");
    expect(negotiateLocale({ query: ["cy-GB", "en"] })).toBe("cy");
    expect(negotiateLocale({})).toBe("en");
  });
});
