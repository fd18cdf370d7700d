import { chooseBackend, FACE_MODEL_BASE, humanConfig, toDetected, webGlRenderer } from "./face-detector-config";
import type { DetectedFace } from "./face-guidance";

/**
 * The selfie step's face detector, loaded only when the step's camera runs (never in a page's
 * first load): Human's BlazeFace detector alone (a 0.6 MB model served by /verify/face-model/),
 * in a Web Worker (face-worker-source.ts, served with Human's script build by that route) so a slow
 * check never holds up the page; on the page's thread (Human in its own lazily loaded chunk) where
 * a worker cannot start; else the browser's own FaceDetector (Shape Detection
 * API) where it has one. null: no detector here (the page then says so and lets the person start).
 */
export interface FaceDetectorHandle {
  kind: "worker" | "page" | "native";
  /** Faces in the video's current picture, in fractions of its width and height (unmirrored). */
  detect(video: HTMLVideoElement): Promise<DetectedFace[]>;
}

/** The picture sent to the detector: BlazeFace looks at 256 px, so a little more is plenty. */
const DETECT_SIDE = 320;
const LOAD_TIMEOUT_MS = 30_000;

let loading: Promise<FaceDetectorHandle | null> | null = null;

/** One detector per page (the model is loaded once). */
export function loadFaceDetector(): Promise<FaceDetectorHandle | null> {
  loading ??= loadInWorker()
    .catch(() => null)
    .then((found) => found ?? loadOnPage().catch(() => null))
    .then((found) => found ?? loadNative().catch(() => null))
    .then((found) => {
      if (!found) loading = null; // a later visit may try again
      return found;
    });
  return loading;
}

function snapshot(video: HTMLVideoElement, canvas: HTMLCanvasElement): ImageData {
  const scale = Math.min(1, DETECT_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
  canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
  canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

type WorkerAnswer = { type: "loaded"; ok: boolean } | { type: "faces"; id: number; faces: DetectedFace[] } | { type: "failed"; id: number };

function loadInWorker(): Promise<FaceDetectorHandle | null> {
  if (typeof Worker !== "function") return Promise.resolve(null);
  const worker = new Worker(`${FACE_MODEL_BASE}face-worker.js`);
  const waiting = new Map<number, { resolve: (faces: DetectedFace[]) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const canvas = document.createElement("canvas");
  return new Promise((resolve) => {
    const give = (value: FaceDetectorHandle | null) => {
      clearTimeout(timer);
      if (!value) worker.terminate();
      resolve(value);
    };
    const timer = setTimeout(() => give(null), LOAD_TIMEOUT_MS);
    worker.onerror = () => {
      give(null);
      for (const w of waiting.values()) w.reject(new Error("the face detector stopped"));
      waiting.clear();
    };
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const answer = event.data;
      if (answer.type === "loaded") {
        give(
          answer.ok
            ? {
                kind: "worker",
                detect(video) {
                  const image = snapshot(video, canvas);
                  const id = nextId++;
                  return new Promise((res, rej) => {
                    waiting.set(id, { resolve: res, reject: rej });
                    worker.postMessage({ type: "detect", id, width: image.width, height: image.height, buffer: image.data.buffer }, [
                      image.data.buffer,
                    ]);
                  });
                },
              }
            : null,
        );
        return;
      }
      const pending = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (answer.type === "faces") pending?.resolve(answer.faces);
      else pending?.reject(new Error("the face check failed"));
    };
    worker.postMessage({ type: "load" });
  });
}

async function loadOnPage(): Promise<FaceDetectorHandle> {
  const { Human } = await import("@vladmandic/human");
  const human = new Human(
    humanConfig(chooseBackend(webGlRenderer(document.createElement("canvas")))) as unknown as ConstructorParameters<typeof Human>[0],
  );
  await human.load();
  if (!human.models.loaded().length) throw new Error("the face model did not load");
  const canvas = document.createElement("canvas");
  return { kind: "page", detect: async (video) => (await human.detect(snapshot(video, canvas))).face.map(toDetected) };
}

interface NativeFace {
  boundingBox: DOMRectReadOnly;
}
type NativeDetector = { detect(source: CanvasImageSource): Promise<NativeFace[]> };

async function loadNative(): Promise<FaceDetectorHandle | null> {
  const Native = (
    globalThis as unknown as { FaceDetector?: new (options: { fastMode: boolean; maxDetectedFaces: number }) => NativeDetector }
  ).FaceDetector;
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
      return (await detector.detect(video)).map((f) => ({
        x: f.boundingBox.x / w,
        y: f.boundingBox.y / h,
        width: f.boundingBox.width / w,
        height: f.boundingBox.height / h,
        score: 1,
      }));
    },
  };
}
