// Why a camera cannot be used, decided before or after asking for it. Every reason reaches the
// page through onNoCamera so it offers the phone (QR) route: never a silent fallback to a still.

export type NoCameraReason = "denied" | "no_camera" | "in_app_browser" | "frame" | "unsupported" | "in_use" | "failed";

// Social and messaging apps' built-in browsers (their WebViews usually refuse getUserMedia or
// lose the permission between pages); Android's generic WebView marks itself "; wv)".
const IN_APP =
  /\b(FBAN|FBAV|FB_IAB|Instagram|LinkedInApp|Line\/|MicroMessenger|Snapchat|TikTok|musical_ly|Twitter|Pinterest|GSA\/)|; wv\)/i;

export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP.test(userAgent);
}

export interface CameraEnvironment {
  userAgent: string;
  /** window.self !== window.top */
  inFrame: boolean;
  /** navigator.mediaDevices?.getUserMedia exists (absent on http:// pages and old browsers) */
  hasGetUserMedia: boolean;
  /** The frame's permissions policy allows the camera (undefined when the browser cannot say). */
  frameAllowsCamera?: boolean;
}

/** A reason known without asking for the camera, or null to go ahead and ask. */
export function cameraBlockedReason(env: CameraEnvironment): NoCameraReason | null {
  if (isInAppBrowser(env.userAgent)) return "in_app_browser";
  if (env.inFrame && env.frameAllowsCamera === false) return "frame";
  if (!env.hasGetUserMedia) return env.inFrame ? "frame" : "unsupported";
  return null;
}

/** getUserMedia's DOMException names → the reason shown to the person. */
export function classifyCameraError(error: unknown, inFrame = false): NoCameraReason {
  const name = error && typeof error === "object" && "name" in error ? String((error as { name: unknown }).name) : "";
  switch (name) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return inFrame ? "frame" : "denied";
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
      return "no_camera";
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return "in_use";
    case "TypeError":
      return "unsupported";
    default:
      return "failed";
  }
}

/** The environment of this page (browser only). */
export function currentCameraEnvironment(): CameraEnvironment {
  let inFrame = false;
  try {
    inFrame = window.self !== window.top;
  } catch {
    inFrame = true; // a cross-origin parent cannot even be compared
  }
  const policy = document as Document & {
    permissionsPolicy?: { allowsFeature(f: string): boolean };
    featurePolicy?: { allowsFeature(f: string): boolean };
  };
  const allows = policy.permissionsPolicy ?? policy.featurePolicy;
  return {
    userAgent: navigator.userAgent,
    inFrame,
    hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === "function",
    frameAllowsCamera: allows ? allows.allowsFeature("camera") : undefined,
  };
}
