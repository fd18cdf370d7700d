// Live guidance for the video selfie, before Start: what the face detector saw, turned into the one
// thing the person should do next. Pure (unit-tested); the detector and the camera are elsewhere.

/** A face found in the camera's picture, in fractions of the video's own (unmirrored) width and height. */
export interface DetectedFace {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The detector's confidence, 0–1. */
  score: number;
}

/** The oval on screen, in fractions of the preview box: centre and radii. */
export interface Oval {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** The selfie preview's oval (selfie-challenge.tsx draws it with these numbers in a 0–100 viewBox). */
export const SELFIE_OVAL: Oval = { cx: 0.5, cy: 0.46, rx: 0.32, ry: 0.34 };

export type FaceHint = "no_face" | "several_faces" | "centre" | "move_closer" | "move_back" | "more_light" | "ok";

export const GUIDANCE = {
  /** Faces below this confidence are ignored. */
  minScore: 0.5,
  /** A second face counts when it is at least this share of the largest face's width (a poster far behind does not). */
  secondFaceShare: 0.35,
  /** The face's centre must lie within this share of the oval's radii. */
  centreTolerance: 0.45,
  /** The face box's width as a share of the oval's width: too small below, too large above. */
  minWidthShare: 0.42,
  maxWidthShare: 1.3,
  /**
   * Mean brightness (0–255) of the face box below which the face is too dark to judge, and of the
   * whole picture below which an unseen face is put down to darkness (the server says too_dark
   * below a median of 45 when it sees no face). A dim indoor photo's face measures ~45–60.
   */
  minFaceBrightness: 30,
  minSceneBrightness: 40,
} as const;

/**
 * A box from video fractions to preview fractions: the preview shows the video with CSS
 * `object-fit: cover` (scaled to fill, the overflow cropped equally on both sides), mirrored.
 * `videoAspect` and `boxAspect` are width / height.
 */
export function toPreview(face: DetectedFace, videoAspect: number, boxAspect: number): DetectedFace {
  // Scale so the video covers the box; one axis overflows.
  let sx = 1;
  let sy = 1;
  if (videoAspect > boxAspect) sx = videoAspect / boxAspect;
  else sy = boxAspect / videoAspect;
  const x = (face.x - 0.5) * sx + 0.5;
  const y = (face.y - 0.5) * sy + 0.5;
  const width = face.width * sx;
  const height = face.height * sy;
  // Mirrored like a mirror: the box's left edge comes from its right edge.
  return { x: 1 - (x + width), y, width, height, score: face.score };
}

export interface GuidanceInput {
  faces: readonly DetectedFace[];
  /** The video's width / height, and the preview box's. */
  videoAspect: number;
  boxAspect: number;
  /** Mean brightness (0–255) of the largest face's box, or of the whole picture when no face was seen. */
  brightness: number;
  oval?: Oval;
}

/** The one hint to show (the most important first), or "ok": exactly one face, lit, centred, the right size. */
export function faceHint(input: GuidanceInput): FaceHint {
  const oval = input.oval ?? SELFIE_OVAL;
  const faces = input.faces.filter((f) => f.score >= GUIDANCE.minScore).sort((a, b) => b.width - a.width);
  const largest = faces[0];
  if (!largest) return input.brightness < GUIDANCE.minSceneBrightness ? "more_light" : "no_face";
  if (faces.some((f, i) => i > 0 && f.width >= largest.width * GUIDANCE.secondFaceShare)) return "several_faces";
  if (input.brightness < GUIDANCE.minFaceBrightness) return "more_light";
  const face = toPreview(largest, input.videoAspect, input.boxAspect);
  const widthShare = face.width / (2 * oval.rx);
  if (widthShare < GUIDANCE.minWidthShare) return "move_closer";
  if (widthShare > GUIDANCE.maxWidthShare) return "move_back";
  const dx = (face.x + face.width / 2 - oval.cx) / oval.rx;
  const dy = (face.y + face.height / 2 - oval.cy) / oval.ry;
  if (Math.hypot(dx, dy) > GUIDANCE.centreTolerance) return "centre";
  return "ok";
}

/** Mean brightness of a box (fractions) of a grey picture; the whole picture for null. */
export function meanBrightness(
  img: { width: number; height: number; data: ArrayLike<number> },
  box: { x: number; y: number; width: number; height: number } | null,
): number {
  const x0 = box ? Math.max(0, Math.floor(box.x * img.width)) : 0;
  const y0 = box ? Math.max(0, Math.floor(box.y * img.height)) : 0;
  const x1 = box ? Math.min(img.width, Math.ceil((box.x + box.width) * img.width)) : img.width;
  const y1 = box ? Math.min(img.height, Math.ceil((box.y + box.height) * img.height)) : img.height;
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++, n++) sum += img.data[y * img.width + x]!;
  return n ? sum / n : 0;
}
