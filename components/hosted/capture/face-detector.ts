import type { DetectedFace } from "./face-guidance";

/**
 * The selfie step's face detector, loaded only when the step's camera runs (never in a page's
 * first load): Human's BlazeFace detector alone (~0.6 MB model served by /verify/face-model/, the
 * library in its own lazily loaded chunk), on WebGL where the browser has it, else on the CPU.
 * Where Human cannot start, the browser's own FaceDetector (Shape Detection API) is tried.
 */
export interface FaceDetectorHandle {
  kind: "human" | "native";
  /** Faces in the video's current picture, in fractions of its width and height (unmirrored). */
  detect(video: HTMLVideoElement): Promise<DetectedFace[]>;
}

export const FACE_MODEL_BASE = "/verify/face-model/";

let loading: Promise<FaceDetectorHandle | null> | null = null;

/** One detector per page (the model is loaded once); null when no detector can run here. */
export function loadFaceDetector(): Promise<FaceDetectorHandle | null> {
  loading ??= loadHuman()
    .catch(() => null)
    .then((human) => human ?? loadNative().catch(() => null))
    .then((detector) => {
      if (!detector) loading = null; // a later visit may try again
      return detector;
    });
  return loading;
}

function hasWebGl(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return !!(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

async function loadHuman(): Promise<FaceDetectorHandle> {
  const { Human } = await import("@vladmandic/human");
  const human = new Human({
    debug: false,
    backend: hasWebGl() ? "webgl" : "cpu",
    modelBasePath: FACE_MODEL_BASE,
    cacheModels: false,
    warmup: "none",
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: { enabled: true, modelPath: "blazeface.json", rotation: false, maxDetected: 4, minConfidence: 0.4, return: false, skipFrames: 0, skipTime: 0 },
      mesh: { enabled: false },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    },
  } as unknown as ConstructorParameters<typeof Human>[0]);
  await human.load();
  if (!human.models.loaded().length) throw new Error("the face model did not load");
  return {
    kind: "human",
    async detect(video) {
      const result = await human.detect(video);
      return result.face.map((f) => ({ x: f.boxRaw[0], y: f.boxRaw[1], width: f.boxRaw[2], height: f.boxRaw[3], score: f.boxScore ?? f.score }));
    },
  };
}

interface NativeFace {
  boundingBox: DOMRectReadOnly;
}
type NativeDetector = { detect(source: CanvasImageSource): Promise<NativeFace[]> };

async function loadNative(): Promise<FaceDetectorHandle | null> {
  const Native = (globalThis as unknown as { FaceDetector?: new (options: { fastMode: boolean; maxDetectedFaces: number }) => NativeDetector }).FaceDetector;
  if (!Native) return null;
  const detector = new Native({ fastMode: true, maxDetectedFaces: 4 });
  // Some platforms expose the constructor but cannot detect: try once on a blank picture.
  const probe = document.createElement("canvas");
  probe.width = probe.height = 16;
  await detector.detect(probe);
  return {
    kind: "native",
    async detect(video) {
      const w = video.videoWidth || 1;
      const h = video.videoHeight || 1;
      return (await detector.detect(video)).map((f) => ({ x: f.boundingBox.x / w, y: f.boundingBox.y / h, width: f.boundingBox.width / w, height: f.boundingBox.height / h, score: 1 }));
    },
  };
}
