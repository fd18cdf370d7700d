/*
 * dlib's face chip, the crop its ResNet-34 face descriptor was trained on (dlib's
 * get_face_chip_details with the 68-point landmarks, 150 × 150, padding 0.25): the similarity
 * transform (turn, one scale, shift) that best lays the face's eyes, nose and upper lip onto
 * dlib's mean face, fitted by least squares. The landmarks are dlib's 68 (iBUG 300-W's points, the
 * ones the mean face was averaged from) as face-api's 68-landmark network finds them, or, where
 * that network and the mesh disagree (describe-face.ts), taken from Human's face mesh (MediaPipe's
 * 468 points), each dlib point 27–64 from the mesh point at the same place (meshLandmarks).
 *
 * The mean face is dlib's published template (dlib/image_transforms/interpolation.h, Boost
 * Software License): the average positions of landmarks 17–67 in a unit square. It is data the
 * network depends on, as its weights are; dlib fits only the nose (27–35), the eyes (36–47), the
 * outer upper lip (48–54) and the inner upper lip (60–64): the eyebrows, the lower lip and the
 * jaw move with expression and pose.
 */

/** dlib landmark index → MediaPipe face-mesh index, for the landmarks the chip is fitted on. */
export const DLIB_FROM_MESH: Readonly<Record<number, number>> = {
  // nose: bridge 27–30, base 31–35 (image left to right)
  27: 168,
  28: 6,
  29: 197,
  30: 4,
  31: 98,
  32: 97,
  33: 2,
  34: 326,
  35: 327,
  // the subject's right eye (image left): outer corner, upper lid, inner corner, lower lid
  36: 33,
  37: 160,
  38: 158,
  39: 133,
  40: 153,
  41: 144,
  // the subject's left eye: inner corner, upper lid, outer corner, lower lid
  42: 362,
  43: 385,
  44: 387,
  45: 263,
  46: 373,
  47: 380,
  // outer lip, left corner over the top to the right corner
  48: 61,
  49: 39,
  50: 37,
  51: 0,
  52: 267,
  53: 269,
  54: 291,
  // inner lip, left corner over the top to the right corner
  60: 78,
  61: 82,
  62: 13,
  63: 312,
  64: 308,
};

/** dlib's mean face, landmarks 17–67 (x then y, unit square). */
const MEAN_X = [
  0.000213256, 0.0752622, 0.18113, 0.29077, 0.393397, 0.586856, 0.689483, 0.799124, 0.904991, 0.98004, 0.490127, 0.490127, 0.490127,
  0.490127, 0.36688, 0.426036, 0.490127, 0.554217, 0.613373, 0.121737, 0.187122, 0.265825, 0.334606, 0.260918, 0.182743, 0.645647, 0.714428,
  0.793132, 0.858516, 0.79751, 0.719335, 0.254149, 0.340985, 0.428858, 0.490127, 0.551395, 0.639268, 0.726104, 0.642159, 0.556721, 0.490127,
  0.423532, 0.338094, 0.290379, 0.428096, 0.490127, 0.552157, 0.689874, 0.553364, 0.490127, 0.42689,
];
const MEAN_Y = [
  0.106454, 0.038915, 0.0187482, 0.0344891, 0.0773906, 0.0773906, 0.0344891, 0.0187482, 0.038915, 0.106454, 0.203352, 0.307009, 0.409805,
  0.515625, 0.587326, 0.609345, 0.628106, 0.609345, 0.587326, 0.216423, 0.178758, 0.179852, 0.231733, 0.245099, 0.244077, 0.231733,
  0.179852, 0.178758, 0.216423, 0.244077, 0.245099, 0.780233, 0.745405, 0.727388, 0.742578, 0.727388, 0.745405, 0.780233, 0.864805,
  0.902192, 0.909281, 0.902192, 0.864805, 0.784792, 0.778746, 0.785343, 0.778746, 0.784792, 0.824182, 0.831803, 0.824182,
];

/** dlib's chip: 150 px, the mean face inset by a quarter of its size on every side (dlib_face_recognition_resnet_model_v1's training crop). */
export const CHIP_SIDE = 150;
export const CHIP_PADDING = 0.25;

/** The mean face's landmark `index` (17–67) in chip pixels, for a chip of `side` px with `padding`. */
export function chipPoint(index: number, side = CHIP_SIDE, padding = CHIP_PADDING): [number, number] {
  const x = MEAN_X[index - 17];
  const y = MEAN_Y[index - 17];
  if (x === undefined || y === undefined) throw new Error(`dlib's mean face has no landmark ${index}`);
  return [((padding + x) / (2 * padding + 1)) * side, ((padding + y) / (2 * padding + 1)) * side];
}

/**
 * The least-squares similarity transform taking `from` points onto `to` points: to ≈ A·from + b,
 * A = [[a, −c], [c, a]] (a turn and one scale, no mirror, no shear). Returned as the six numbers
 * [a, −c, bx, c, a, by]: x' = a·x − c·y + bx, y' = c·x + a·y + by.
 */
export function similarityTransform(from: readonly (readonly [number, number])[], to: readonly (readonly [number, number])[]): number[] {
  const n = from.length;
  if (n < 2 || to.length !== n) throw new Error("a similarity transform needs two or more pairs of points");
  let fx = 0;
  let fy = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < n; i++) {
    fx += from[i]![0];
    fy += from[i]![1];
    tx += to[i]![0];
    ty += to[i]![1];
  }
  fx /= n;
  fy /= n;
  tx /= n;
  ty /= n;
  // As complex numbers, with both sets centred: a + ic = Σ conj(f)·t / Σ |f|².
  let re = 0;
  let im = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const x = from[i]![0] - fx;
    const y = from[i]![1] - fy;
    const u = to[i]![0] - tx;
    const v = to[i]![1] - ty;
    re += x * u + y * v;
    im += x * v - y * u;
    norm += x * x + y * y;
  }
  if (norm === 0) throw new Error("the points to fit are all in one place");
  const a = re / norm;
  const c = im / norm;
  return [a, -c, tx - (a * fx - c * fy), c, a, ty - (c * fx + a * fy)];
}

/** Mesh points as Human gives them: [x, y, z?] in the input's pixels. */
type Mesh = readonly (readonly (number | undefined)[])[];

/**
 * The transform from chip pixels to picture pixels for the face whose mesh is given: chip pixel
 * (p, q) shows picture point (a·p − c·q + bx, c·p + a·q + by). Null when a needed mesh point is missing.
 */
export function chipTransform(mesh: Mesh, side = CHIP_SIDE, padding = CHIP_PADDING): number[] | null {
  return chipTransformFromLandmarks(meshLandmarks(mesh), side, padding);
}

/** The dlib landmarks the chip is fitted on (dlib fits these of the 68 and no others). */
export const CHIP_LANDMARKS: readonly number[] = Object.keys(DLIB_FROM_MESH).map(Number);

/** Landmarks in dlib's numbering (index 0–67): [x, y] in the picture's pixels, undefined where unknown. */
export type Landmarks = readonly (readonly (number | undefined)[] | undefined)[];

/** The mesh's points standing for dlib's CHIP_LANDMARKS, in dlib's numbering (the others undefined). */
export function meshLandmarks(mesh: Mesh): Landmarks {
  const landmarks: (readonly (number | undefined)[] | undefined)[] = [];
  for (const [dlib, meshIndex] of Object.entries(DLIB_FROM_MESH)) landmarks[Number(dlib)] = mesh[meshIndex];
  return landmarks;
}

/**
 * The same transform from dlib's landmarks themselves (dlib's numbering, in the picture's pixels).
 * Null when one of CHIP_LANDMARKS is missing.
 */
export function chipTransformFromLandmarks(landmarks: Landmarks, side = CHIP_SIDE, padding = CHIP_PADDING): number[] | null {
  const from: [number, number][] = [];
  const to: [number, number][] = [];
  for (const dlib of CHIP_LANDMARKS) {
    const point = landmarks[dlib];
    const x = point?.[0];
    const y = point?.[1];
    if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) return null;
    from.push(chipPoint(dlib, side, padding));
    to.push([x, y]);
  }
  return similarityTransform(from, to);
}

/**
 * How far two sets of landmarks for one face lie apart: the mean distance between their
 * CHIP_LANDMARKS, as a share of the distance between the outer eye corners (36 and 45) of
 * `reference`. Infinity when a point is missing or the eyes coincide.
 */
export function landmarkDisagreement(reference: Landmarks, other: Landmarks): number {
  const eye = (i: number) => reference[i];
  const [ax, ay] = eye(36) ?? [];
  const [bx, by] = eye(45) ?? [];
  if (ax === undefined || ay === undefined || bx === undefined || by === undefined) return Infinity;
  const eyes = Math.hypot(bx - ax, by - ay);
  if (!(eyes > 0)) return Infinity;
  let sum = 0;
  for (const dlib of CHIP_LANDMARKS) {
    const [x, y] = reference[dlib] ?? [];
    const [u, v] = other[dlib] ?? [];
    if (x === undefined || y === undefined || u === undefined || v === undefined) return Infinity;
    sum += Math.hypot(u - x, v - y);
  }
  const mean = sum / CHIP_LANDMARKS.length;
  return Number.isFinite(mean) ? mean / eyes : Infinity;
}
