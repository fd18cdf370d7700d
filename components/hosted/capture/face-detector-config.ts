// Human's settings for the selfie step's face detector: BlazeFace alone (no mesh, iris, description
// or anything else), its model from /verify/face-model/ (app/(hosted)/verify/face-model).

export const FACE_MODEL_BASE = "/verify/face-model/";

/** Software WebGL (SwiftShader, llvmpipe) is slower than Human's CPU backend: use the CPU then. */
export function chooseBackend(renderer: string | null): "webgl" | "cpu" {
  if (!renderer) return "cpu";
  return /swiftshader|llvmpipe|software|basic render/i.test(renderer) ? "cpu" : "webgl";
}

export function humanConfig(backend: "webgl" | "cpu") {
  return {
    debug: false,
    backend,
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
      detector: {
        enabled: true,
        modelPath: "blazeface.json",
        rotation: false,
        maxDetected: 4,
        minConfidence: 0.4,
        return: false,
        skipFrames: 0,
        skipTime: 0,
      },
      mesh: { enabled: false },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    },
  };
}

/** The WebGL renderer's name, or null when there is no WebGL here (a worker's OffscreenCanvas or a page's canvas). */
export function webGlRenderer(canvas: { getContext(kind: string): unknown } | null): string | null {
  try {
    const gl = (canvas?.getContext("webgl2") ?? canvas?.getContext("webgl")) as WebGLRenderingContext | null;
    if (!gl) return null;
    const ext = gl.getExtension("WEBGL_debug_renderer_info");
    return String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  } catch {
    return null;
  }
}

/** A face as the detector reports it: Human's boxRaw ([x, y, width, height] in fractions) and its score. */
export function toDetected(face: { boxRaw: readonly number[]; boxScore?: number; score?: number }) {
  return {
    x: face.boxRaw[0]!,
    y: face.boxRaw[1]!,
    width: face.boxRaw[2]!,
    height: face.boxRaw[3]!,
    score: face.boxScore ?? face.score ?? 0,
  };
}
