import { describe, expect, it } from "vitest";
import { AUTO_CAPTURE, autoCaptureStep, frameDifference } from "@/components/hosted/capture/auto-capture";
import { captureSignals, guessMobile, intervalStats } from "@/components/hosted/capture/capture-signals";
import { chooseBackend } from "@/components/hosted/capture/face-detector-config";
import { faceWorkerSource } from "@/components/hosted/capture/face-worker-source";
import { faceHint, meanBrightness, SELFIE_OVAL, toPreview, type DetectedFace } from "@/components/hosted/capture/face-guidance";
import type { GreyImage } from "@/components/hosted/capture/quality";

// A portrait 480×640 camera (aspect 3:4) shown in the 3:4 preview: no cropping, mirrored.
const PORTRAIT = { videoAspect: 3 / 4, boxAspect: 3 / 4 };
// A landscape 1280×720 laptop camera in the same preview: cropped at the sides.
const LANDSCAPE = { videoAspect: 16 / 9, boxAspect: 3 / 4 };

/** A face box centred on the oval, `width` of the preview wide, in the video's own fractions (portrait: the same). */
function centred(width: number, score = 0.9): DetectedFace {
  const height = width * 0.75 * (4 / 3); // a face box about as tall as wide on screen
  return { x: SELFIE_OVAL.cx - width / 2, y: SELFIE_OVAL.cy - height / 2, width, height, score };
}

describe("face guidance before the selfie starts", () => {
  it("asks for a face when none is seen, and for light when the picture is dark", () => {
    expect(faceHint({ faces: [], brightness: 120, ...PORTRAIT })).toBe("no_face");
    expect(faceHint({ faces: [], brightness: 20, ...PORTRAIT })).toBe("more_light");
    // A detection below the confidence floor is not a face.
    expect(faceHint({ faces: [centred(0.5, 0.3)], brightness: 120, ...PORTRAIT })).toBe("no_face");
  });

  it("is happy with one lit face filling the oval", () => {
    expect(faceHint({ faces: [centred(0.5)], brightness: 120, ...PORTRAIT })).toBe("ok");
  });

  it("asks to come closer, to move back, and to centre", () => {
    expect(faceHint({ faces: [centred(0.15)], brightness: 120, ...PORTRAIT })).toBe("move_closer");
    expect(faceHint({ faces: [centred(0.95)], brightness: 120, ...PORTRAIT })).toBe("move_back");
    const aside: DetectedFace = { ...centred(0.45), x: 0.0 };
    expect(faceHint({ faces: [aside], brightness: 120, ...PORTRAIT })).toBe("centre");
  });

  it("wants one face only, but ignores a small face far behind", () => {
    const second: DetectedFace = { x: 0.05, y: 0.1, width: 0.3, height: 0.3, score: 0.9 };
    expect(faceHint({ faces: [centred(0.5), second], brightness: 120, ...PORTRAIT })).toBe("several_faces");
    const tiny: DetectedFace = { x: 0.05, y: 0.05, width: 0.08, height: 0.08, score: 0.9 };
    expect(faceHint({ faces: [centred(0.5), tiny], brightness: 120, ...PORTRAIT })).toBe("ok");
  });

  it("says more light for a face in the dark", () => {
    expect(faceHint({ faces: [centred(0.5)], brightness: 20, ...PORTRAIT })).toBe("more_light");
    // A dim indoor face (the sample photo's measures ~45-55) is still fine.
    expect(faceHint({ faces: [centred(0.5)], brightness: 45, ...PORTRAIT })).toBe("ok");
  });

  it("maps a landscape camera's picture onto the cropped, mirrored preview", () => {
    // The video's middle third (by width) fills a 3:4 box from a 16:9 picture: a face a quarter of
    // the video wide is (16/9)/(3/4) = 2.37 times wider on screen.
    const face: DetectedFace = { x: 0.375, y: 0.25, width: 0.25, height: 0.4, score: 1 };
    const shown = toPreview(face, LANDSCAPE.videoAspect, LANDSCAPE.boxAspect);
    expect(shown.width).toBeCloseTo((0.25 * (16 / 9)) / (3 / 4), 5);
    expect(shown.x + shown.width / 2).toBeCloseTo(0.5, 5); // centred stays centred
    // Mirrored: a face on the video's left shows on the screen's right.
    const left = toPreview({ x: 0.1, y: 0.3, width: 0.1, height: 0.2, score: 1 }, 1, 1);
    expect(left.x).toBeCloseTo(0.8, 5);
    // A face 0.4 of a laptop camera's picture wide overflows the oval once cropped; 0.15 fits it.
    expect(faceHint({ faces: [{ ...face, x: 0.3, width: 0.4 }], brightness: 120, ...LANDSCAPE })).toBe("move_back");
    expect(faceHint({ faces: [{ ...face, x: 0.425, width: 0.15 }], brightness: 120, ...LANDSCAPE })).toBe("ok");
  });

  it("measures brightness inside a box", () => {
    const img: GreyImage = { width: 4, height: 2, data: Uint8Array.from([0, 0, 200, 200, 0, 0, 200, 200]) };
    expect(meanBrightness(img, null)).toBe(100);
    expect(meanBrightness(img, { x: 0.5, y: 0, width: 0.5, height: 1 })).toBe(200);
  });

  it("runs on the CPU where WebGL is software-rendered", () => {
    expect(chooseBackend("ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)")).toBe("cpu");
    expect(chooseBackend("llvmpipe (LLVM 15.0.7, 256 bits)")).toBe("cpu");
    expect(chooseBackend(null)).toBe("cpu");
    expect(chooseBackend("Adreno (TM) 650")).toBe("webgl");
    expect(chooseBackend("Apple GPU")).toBe("webgl");
  });
});

describe("document auto-capture", () => {
  const sharp = { hints: [] as [], difference: 1, liveMs: 5000 };

  it("fires after a steady, sharp streak, not before", () => {
    let streak = 0;
    const fired: boolean[] = [];
    for (let i = 0; i < AUTO_CAPTURE.streak; i++) {
      const step = autoCaptureStep(streak, sharp);
      streak = step.streak;
      fired.push(step.fire);
      expect(step.advice).toBe("good");
    }
    expect(fired).toEqual([...Array(AUTO_CAPTURE.streak - 1).fill(false), true]);
  });

  it("starts over on blur, glare or movement, and says which", () => {
    expect(autoCaptureStep(2, { hints: ["blurred"], difference: 1, liveMs: 5000 })).toEqual({ streak: 0, advice: "blurred", fire: false });
    expect(autoCaptureStep(2, { hints: ["glare"], difference: 1, liveMs: 5000 })).toEqual({ streak: 0, advice: "glare", fire: false });
    expect(autoCaptureStep(2, { hints: [], difference: AUTO_CAPTURE.steadyDiff + 5, liveMs: 5000 })).toEqual({
      streak: 0,
      advice: "hold_still",
      fire: false,
    });
    expect(autoCaptureStep(0, { hints: [], difference: null, liveMs: 5000 }).fire).toBe(false);
  });

  it("waits a moment after the camera starts before taking the photo", () => {
    expect(autoCaptureStep(AUTO_CAPTURE.streak, { hints: [], difference: 0, liveMs: AUTO_CAPTURE.minLiveMs - 1 }).fire).toBe(false);
    expect(autoCaptureStep(AUTO_CAPTURE.streak, { hints: [], difference: 0, liveMs: AUTO_CAPTURE.minLiveMs }).fire).toBe(true);
  });

  it("compares two samples by their mean absolute difference", () => {
    const a: GreyImage = { width: 2, height: 2, data: Uint8Array.from([10, 20, 30, 40]) };
    const b: GreyImage = { width: 2, height: 2, data: Uint8Array.from([14, 16, 30, 48]) };
    expect(frameDifference(a, b)).toBe((4 + 4 + 0 + 8) / 4);
    expect(frameDifference(a, { width: 1, height: 4, data: a.data })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("capture signals sent with the selfie", () => {
  it("describes the track, the frames' rhythm and the device", () => {
    const signals = captureSignals({
      label: "FaceTime HD Camera",
      settings: { width: 1280, height: 720, frameRate: 30.000001 },
      frameTimes: [0, 150, 310, 450],
      resolutionChanges: 1,
      mobile: false,
    });
    expect(signals).toEqual({
      camera_label: "FaceTime HD Camera",
      track: { width: 1280, height: 720, frame_rate: 30 },
      frames: 4,
      frame_interval_ms: { mean: 150, sd: 8.2, min: 140, max: 160 },
      resolution_changes: 1,
      mobile: false,
    });
    // The JSON the server reads: exactly these keys.
    expect(Object.keys(JSON.parse(JSON.stringify(signals))).sort()).toEqual([
      "camera_label",
      "frame_interval_ms",
      "frames",
      "mobile",
      "resolution_changes",
      "track",
    ]);
  });

  it("says null for what the browser did not tell", () => {
    expect(captureSignals({ label: "", settings: {}, frameTimes: [5], resolutionChanges: 0, mobile: null })).toEqual({
      camera_label: null,
      track: null,
      frames: 1,
      frame_interval_ms: null,
      resolution_changes: 0,
      mobile: null,
    });
    expect(
      captureSignals({ label: undefined, settings: { width: 640, height: 480 }, frameTimes: [], resolutionChanges: 0, mobile: true }).track,
    ).toEqual({ width: 640, height: 480, frame_rate: null });
    expect(intervalStats([0, 100])).toEqual({ mean: 100, sd: 0, min: 100, max: 100 });
  });

  it("guesses a phone from the browser's hints or its user agent", () => {
    expect(guessMobile({ userAgentData: { mobile: true }, userAgent: "X11; Linux" })).toBe(true);
    expect(guessMobile({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" })).toBe(true);
    expect(guessMobile({ userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36" })).toBe(true);
    expect(guessMobile({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" })).toBe(false);
    expect(guessMobile(undefined)).toBeNull();
  });
});

describe("the face detector's worker script", () => {
  it("loads Human from beside it, picks the CPU without WebGL, and answers each check by its id", async () => {
    const imported: string[] = [];
    const posted: unknown[] = [];
    let made: Record<string, unknown> | null = null;
    class FakeHuman {
      models = { loaded: () => ["blazeface"] };
      constructor(config: Record<string, unknown>) {
        made = config;
      }
      load() {
        return Promise.resolve();
      }
      detect(image: { width: number }) {
        return Promise.resolve({ face: [{ boxRaw: [0.1, 0.2, 0.3, 0.4], boxScore: 0.9 }].slice(0, image.width > 1 ? 1 : 0) });
      }
    }
    const self: Record<string, unknown> = { postMessage: (m: unknown) => posted.push(m), Human: { Human: FakeHuman } };
    class FakeImageData {
      constructor(
        public data: Uint8ClampedArray,
        public width: number,
        public height: number,
      ) {}
    }
    new Function("importScripts", "self", "ImageData", "OffscreenCanvas", faceWorkerSource("/verify/face-model/"))(
      (url: string) => imported.push(url),
      self,
      FakeImageData,
      undefined,
    );
    expect(imported).toEqual(["/verify/face-model/human.js"]);
    const send = (data: unknown) => (self.onmessage as (e: { data: unknown }) => void)({ data });
    send({ type: "load" });
    await new Promise((r) => setTimeout(r, 0));
    expect(made).toMatchObject({
      backend: "cpu",
      modelBasePath: "/verify/face-model/",
      face: { detector: { enabled: true, modelPath: "blazeface.json" }, mesh: { enabled: false }, description: { enabled: false } },
    });
    send({ type: "detect", id: 7, width: 2, height: 1, buffer: new ArrayBuffer(8) });
    send({ type: "detect", id: 8, width: 1, height: 1, buffer: new ArrayBuffer(4) });
    await new Promise((r) => setTimeout(r, 0));
    expect(posted).toEqual([
      { type: "loaded", ok: true },
      { type: "faces", id: 7, faces: [{ x: 0.1, y: 0.2, width: 0.3, height: 0.4, score: 0.9 }] },
      { type: "faces", id: 8, faces: [] },
    ]);
  });
});
