/*
 * Which of the detector's faces count as faces, and which is the face: embed-face.ts, liveness's
 * measure-frame.ts and the reframed second look (load-human.ts).
 */

/**
 * Detector confidence below which a detection is not taken as a face. Real faces in the sample
 * photos and their altered copies scored ≥ 0.6; false detections (hair, shadows at an edge) ≤ 0.3.
 */
export const FACE_MIN_DETECTION_SCORE = 0.5;

/**
 * A detection far less sure than the picture's surest face is not a face: beside a real face at
 * 0.86, the detector reported a "face" of background and an ear at 0.52, as wide as the real one,
 * which the largest-face rule then described (a rolled press photo: same-person score 0.86 → 0.20).
 */
export const FACE_RELATIVE_DETECTION_MARGIN = 0.25;

/** The detector's confident faces: at least FACE_MIN_DETECTION_SCORE, and within FACE_RELATIVE_DETECTION_MARGIN of the surest. */
export function confidentFaces<T extends { boxScore: number }>(faces: readonly T[]): T[] {
  const best = Math.max(0, ...faces.map((face) => face.boxScore));
  const floor = Math.max(FACE_MIN_DETECTION_SCORE, best - FACE_RELATIVE_DETECTION_MARGIN);
  // The detector also reports faint "faces" in hair or shadows: only confident ones count.
  return faces.filter((face) => face.boxScore >= floor);
}

/** The faces largest first (by their box's area), as a new array: the first is the one a picture is described by. */
export function largestFirst<T extends { box: readonly number[] }>(faces: readonly T[]): T[] {
  return [...faces].sort((a, b) => b.box[2]! * b.box[3]! - a.box[2]! * a.box[3]!);
}
