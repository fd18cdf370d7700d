import { loadImage, type Image } from "@napi-rs/canvas";
import sharp from "sharp";
import { withHuman } from "@/lib/server/faces/load-human";

/*
 * A sample face photo prepared for re-rendering: the picture as a 480×640 camera frame, Human's
 * 468-point face mesh on it (x, y in the frame's pixels, z made comparable to them), the mesh's
 * triangles, and a heavily blurred copy that hides where the face was before it turns.
 */

/** Portrait, like a phone's front camera; it also leaves out most of the neighbours in the group photos. */
export const FRAME_WIDTH = 480;
export const FRAME_HEIGHT = 640;

export type Vec3 = [number, number, number];

export interface HeadModel {
  frame: Image;
  /** The frame blurred: painted over the face's original place so a turned face leaves no ghost. */
  blurred: Image;
  mesh: Vec3[];
  /** Vertex indices, three per triangle: Human's TRI468, then the rings' (see FACE_TRIANGLES). */
  triangles: number[];
  /** How many entries of `triangles` belong to the face itself (the rest join the rings). */
  faceTriangleIndices: number;
  /** Mesh points from this index on are the outer ring, which never moves. */
  staticFrom: number;
  /** The point the head turns about: behind the face, between the ears, like a neck. */
  pivot: Vec3;
  /** The face's outline (silhouette points) in the frame. */
  outline: [number, number][];
}

/** The face's outline, in order around it (Human's `silhouette` annotation). */
const SILHOUETTE = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93,
  234, 127, 162, 21, 54, 103, 67, 109,
];

/**
 * The nose tip stands out from the plane of the face's sides (points 234 and 454, by the ears) by
 * about 0.55 of the distance between them on adult heads; the raw mesh depth is in the mesh
 * model's own units, so it is rescaled to that proportion.
 */
const NOSE_DEPTH_RATIO = 0.55;
/** The neck's axis sits about a quarter of the face's width behind the ears. */
const PIVOT_BEHIND_EARS = 0.25;

export async function loadHead(photo: Buffer): Promise<HeadModel> {
  const frameJpeg = await sharp(photo)
    .resize(FRAME_HEIGHT, FRAME_HEIGHT, { fit: "cover" })
    .extract({ left: (FRAME_HEIGHT - FRAME_WIDTH) / 2, top: 0, width: FRAME_WIDTH, height: FRAME_HEIGHT })
    .jpeg({ quality: 95 })
    .toBuffer();
  const { data, info } = await sharp(frameJpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { mesh, triangles } = await withHuman(async (human) => {
    const input = human.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [info.height, info.width, 3], "int32");
    try {
      const faces = (await human.detect(input)).face.filter((f) => f.mesh.length >= 468);
      const largest = faces.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
      if (!largest) throw new Error("no face mesh in the sample photo");
      return { mesh: largest.mesh.slice(0, 468).map((p) => [p[0], p[1], p[2] ?? 0] as Vec3), triangles: [...human.faceTriangulation] };
    } finally {
      human.tf.dispose(input);
    }
  });
  const left = mesh[234]!;
  const right = mesh[454]!;
  const nose = mesh[1]!;
  const width = Math.hypot(right[0] - left[0], right[1] - left[1]);
  const sideDepth = (left[2] + right[2]) / 2;
  const rawDepth = sideDepth - nose[2];
  const zScale = rawDepth > 0 ? (NOSE_DEPTH_RATIO * width) / rawDepth : 1;
  const scaled = mesh.map(([x, y, z]) => [x, y, (z - sideDepth) * zScale] as Vec3);
  const centre = scaled.reduce((s, p) => [s[0] + p[0] / 468, s[1] + p[1] / 468, 0] as Vec3, [0, 0, 0] as Vec3);
  const pivot: Vec3 = [centre[0], centre[1], PIVOT_BEHIND_EARS * width];
  // Two rings round the face outline carry the hair, ears and neck along: the inner one turns with
  // the head a little behind the face, the outer one stays, so the picture warps smoothly between.
  const outlinePoints = SILHOUETTE.map((i) => scaled[i]!);
  const inner = outlinePoints.map(
    ([x, y, z]) => [centre[0] + (x - centre[0]) * 1.3, centre[1] + (y - centre[1]) * 1.25, Math.max(z, 0) + 0.15 * width] as Vec3,
  );
  const outer = outlinePoints.map(([x, y]) => [centre[0] + (x - centre[0]) * 1.9, centre[1] + (y - centre[1]) * 1.7, pivot[2]] as Vec3);
  const all = [...scaled, ...inner, ...outer];
  const ringTriangles: number[] = [];
  const n = SILHOUETTE.length;
  const rings = [SILHOUETTE, SILHOUETTE.map((_, k) => 468 + k), SILHOUETTE.map((_, k) => 468 + n + k)];
  for (let r = 0; r < 2; r++) {
    for (let k = 0; k < n; k++) {
      const a = rings[r]![k]!;
      const b = rings[r]![(k + 1) % n]!;
      const c = rings[r + 1]![k]!;
      const d = rings[r + 1]![(k + 1) % n]!;
      ringTriangles.push(a, b, c, b, d, c);
    }
  }
  const blurredJpeg = await sharp(frameJpeg)
    .blur(Math.max(8, width / 8))
    .jpeg({ quality: 90 })
    .toBuffer();
  return {
    frame: await loadImage(frameJpeg),
    blurred: await loadImage(blurredJpeg),
    mesh: all,
    triangles: [...triangles, ...ringTriangles],
    faceTriangleIndices: triangles.length,
    staticFrom: 468 + n,
    pivot,
    outline: SILHOUETTE.map((i) => [scaled[i]![0], scaled[i]![1]]),
  };
}
