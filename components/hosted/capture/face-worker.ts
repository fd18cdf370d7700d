// The selfie step's face detector, off the page's thread: on a phone without fast WebGL one check
// takes up to a second of CPU, which must not hold up the page (the Start button, the capture's
// clock). Messages: {type:"load"} → {type:"loaded", ok}; {type:"detect", id, width, height, buffer
// (RGBA)} → {type:"faces", id, faces} or {type:"failed", id}.
import { Human } from "@vladmandic/human";
import { chooseBackend, humanConfig, toDetected, webGlRenderer } from "./face-detector-config";

type Incoming = { type: "load" } | { type: "detect"; id: number; width: number; height: number; buffer: ArrayBuffer };

const scope = self as unknown as { onmessage: ((event: MessageEvent<Incoming>) => void) | null; postMessage(message: unknown): void };
let human: Human | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "load") {
    const canvas = typeof OffscreenCanvas === "function" ? new OffscreenCanvas(1, 1) : null;
    human = new Human(humanConfig(chooseBackend(webGlRenderer(canvas))) as unknown as ConstructorParameters<typeof Human>[0]);
    human
      .load()
      .then(() => scope.postMessage({ type: "loaded", ok: human!.models.loaded().length > 0 }))
      .catch(() => scope.postMessage({ type: "loaded", ok: false }));
    return;
  }
  if (!human) return scope.postMessage({ type: "failed", id: message.id });
  const image = new ImageData(new Uint8ClampedArray(message.buffer), message.width, message.height);
  human
    .detect(image)
    .then((result) => scope.postMessage({ type: "faces", id: message.id, faces: result.face.map(toDetected) }))
    .catch(() => scope.postMessage({ type: "failed", id: message.id }));
};
