import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { FRAME_HEIGHT, FRAME_WIDTH, type HeadModel, type Vec3 } from "./head-model";

/*
 * Re-renders a sample face turned in 3-D: every mesh triangle of the photo is mapped (one affine
 * transform per triangle) onto where that triangle lands once the mesh is rotated about the neck,
 * drawn far to near, back-facing ones left out. Eyelids close by moving the upper lid points onto
 * the lower ones; a smile widens and lifts the mouth corners. The rest of the photo (hair, neck,
 * background) stays where it was; the face's original place is blurred first.
 */

export interface HeadPose {
  /** Degrees; positive = the person turns to *their own* left (the nose moves to the right of the unmirrored camera image). */
  yaw: number;
  /** Degrees; positive = chin up. */
  pitch: number;
  /** 0 open … 1 eyes fully closed. */
  blink: number;
  /** 0 neutral … 1 a broad smile. */
  smile: number;
}

export const NEUTRAL: HeadPose = { yaw: 0, pitch: 0, blink: 0, smile: 0 };

const UPPER_LIDS = [
  [246, 161, 160, 159, 158, 157, 173],
  [466, 388, 387, 386, 385, 384, 398],
];
const LOWER_LIDS = [
  [7, 163, 144, 145, 153, 154, 155],
  [249, 390, 373, 374, 380, 381, 382],
];
/** The skin fold above each upper lid follows it part of the way. */
const ABOVE_LIDS = [
  [247, 30, 29, 27, 28, 56, 190],
  [467, 260, 259, 257, 258, 286, 414],
];
const MOUTH_CORNERS = [61, 291];

/** The mesh with the expression applied (before any turn). */
export function expressMesh(model: HeadModel, pose: HeadPose): Vec3[] {
  const mesh = model.mesh.map((p) => [...p] as Vec3);
  if (pose.blink > 0) {
    for (const [eye, upper] of UPPER_LIDS.entries()) {
      for (const [k, index] of upper.entries()) {
        const from = model.mesh[index]!;
        const to = model.mesh[LOWER_LIDS[eye]![k]!]!;
        const dy = (to[1] - from[1]) * pose.blink * 0.95;
        const dx = (to[0] - from[0]) * pose.blink * 0.95;
        mesh[index] = [from[0] + dx, from[1] + dy, from[2]];
        const fold = ABOVE_LIDS[eye]![k]!;
        mesh[fold] = [mesh[fold]![0] + dx * 0.45, mesh[fold]![1] + dy * 0.45, mesh[fold]![2]];
      }
    }
  }
  if (pose.smile > 0) {
    const [left, right] = MOUTH_CORNERS.map((i) => model.mesh[i]!) as [Vec3, Vec3];
    const width = Math.hypot(right[0] - left[0], right[1] - left[1]);
    const centre = [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2];
    for (const corner of [left, right]) {
      const outward = [(corner[0] - centre[0]!) / (width / 2), (corner[1] - centre[1]!) / (width / 2)];
      const shift = [outward[0]! * 0.16 * width * pose.smile, -0.07 * width * pose.smile];
      const radius = 0.45 * width;
      for (const [i, p] of model.mesh.entries()) {
        const d = Math.hypot(p[0] - corner[0], p[1] - corner[1]);
        if (d > radius * 2.5) continue;
        const w = Math.exp(-((d / radius) ** 2));
        mesh[i] = [mesh[i]![0] + shift[0]! * w, mesh[i]![1] + shift[1]! * w, mesh[i]![2]];
      }
    }
  }
  return mesh;
}

/** The mesh turned about the model's pivot (orthographic camera; z grows away from it). */
export function turnMesh(model: HeadModel, mesh: Vec3[], pose: HeadPose): Vec3[] {
  const yaw = (pose.yaw * Math.PI) / 180;
  const pitch = (pose.pitch * Math.PI) / 180;
  const [px, py, pz] = model.pivot;
  return mesh.map(([x0, y0, z0], i) => {
    if (i >= model.staticFrom) return [x0, y0, z0] as Vec3;
    const x = x0 - px;
    const y = y0 - py;
    const z = z0 - pz;
    // Chin up moves the nose (in front, z < 0) up the picture; a turn to the person's left moves it right.
    const y1 = y * Math.cos(pitch) + z * Math.sin(pitch);
    const z1 = -y * Math.sin(pitch) + z * Math.cos(pitch);
    const x2 = x * Math.cos(yaw) - z1 * Math.sin(yaw);
    const z2 = x * Math.sin(yaw) + z1 * Math.cos(yaw);
    return [x2 + px, y1 + py, z2 + pz] as Vec3;
  });
}

/** One camera frame of the head in `pose`, as JPEG. */
export function renderHead(model: HeadModel, pose: HeadPose, quality = 85): Buffer {
  const canvas = createCanvas(FRAME_WIDTH, FRAME_HEIGHT);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(model.frame, 0, 0);
  if (pose.yaw !== 0 || pose.pitch !== 0) hideOriginalFace(ctx, model);
  const source = model.mesh;
  const target = turnMesh(model, expressMesh(model, pose), pose);
  const order: { t: number; depth: number }[] = [];
  for (let t = 0; t < model.triangles.length; t += 3) {
    const [a, b, c] = [model.triangles[t]!, model.triangles[t + 1]!, model.triangles[t + 2]!];
    // Facing away now (its winding flipped against the photo's): hidden behind the head.
    if (
      t < model.faceTriangleIndices &&
      Math.sign(area(target[a]!, target[b]!, target[c]!)) !== Math.sign(area(source[a]!, source[b]!, source[c]!))
    )
      continue;
    order.push({ t, depth: target[a]![2] + target[b]![2] + target[c]![2] });
  }
  order.sort((p, q) => q.depth - p.depth);
  for (const { t } of order) {
    const idx = [model.triangles[t]!, model.triangles[t + 1]!, model.triangles[t + 2]!];
    drawTriangle(
      ctx,
      model,
      idx.map((i) => source[i]!),
      idx.map((i) => target[i]!),
    );
  }
  return canvas.toBuffer("image/jpeg", quality);
}

function area(a: Vec3, b: Vec3, c: Vec3): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
}

/** Paints the blurred frame over the face's original outline, slightly enlarged. */
function hideOriginalFace(ctx: SKRSContext2D, model: HeadModel) {
  const cx = model.outline.reduce((s, p) => s + p[0], 0) / model.outline.length;
  const cy = model.outline.reduce((s, p) => s + p[1], 0) / model.outline.length;
  ctx.save();
  ctx.beginPath();
  for (const [i, [x, y]] of model.outline.entries()) {
    const px = cx + (x - cx) * 1.06;
    const py = cy + (y - cy) * 1.04;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
  ctx.clip();
  ctx.drawImage(model.blurred, 0, 0);
  ctx.restore();
}

function drawTriangle(ctx: SKRSContext2D, model: HeadModel, src: Vec3[], dst: Vec3[]) {
  const [s0, s1, s2] = src as [Vec3, Vec3, Vec3];
  const [d0, d1, d2] = dst as [Vec3, Vec3, Vec3];
  const denom = (s1[0] - s0[0]) * (s2[1] - s0[1]) - (s2[0] - s0[0]) * (s1[1] - s0[1]);
  if (Math.abs(denom) < 1e-6) return;
  const a = ((d1[0] - d0[0]) * (s2[1] - s0[1]) - (d2[0] - d0[0]) * (s1[1] - s0[1])) / denom;
  const c = ((d2[0] - d0[0]) * (s1[0] - s0[0]) - (d1[0] - d0[0]) * (s2[0] - s0[0])) / denom;
  const b = ((d1[1] - d0[1]) * (s2[1] - s0[1]) - (d2[1] - d0[1]) * (s1[1] - s0[1])) / denom;
  const d = ((d2[1] - d0[1]) * (s1[0] - s0[0]) - (d1[1] - d0[1]) * (s2[0] - s0[0])) / denom;
  const e = d0[0] - a * s0[0] - c * s0[1];
  const f = d0[1] - b * s0[0] - d * s0[1];
  // The clip is grown by about half a pixel around its centre so neighbours overlap: no seams.
  const gx = (d0[0] + d1[0] + d2[0]) / 3;
  const gy = (d0[1] + d1[1] + d2[1]) / 3;
  ctx.save();
  ctx.beginPath();
  for (const [i, p] of [d0, d1, d2].entries()) {
    const len = Math.hypot(p[0] - gx, p[1] - gy) || 1;
    const x = p[0] + ((p[0] - gx) / len) * 0.6;
    const y = p[1] + ((p[1] - gy) / len) * 0.6;
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  ctx.clip();
  ctx.setTransform(a, b, c, d, e, f);
  const minX = Math.max(0, Math.floor(Math.min(s0[0], s1[0], s2[0])) - 2);
  const minY = Math.max(0, Math.floor(Math.min(s0[1], s1[1], s2[1])) - 2);
  const maxX = Math.min(model.frame.width, Math.ceil(Math.max(s0[0], s1[0], s2[0])) + 2);
  const maxY = Math.min(model.frame.height, Math.ceil(Math.max(s0[1], s1[1], s2[1])) + 2);
  if (maxX > minX && maxY > minY) ctx.drawImage(model.frame, minX, minY, maxX - minX, maxY - minY, minX, minY, maxX - minX, maxY - minY);
  ctx.restore();
}
