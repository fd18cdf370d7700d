import sharp from "sharp";
import { SELFIE_FRAME_INTERVAL_MS, SELFIE_LEAD_IN_MS, SELFIE_STEP_MS, type ChallengeStep } from "@/lib/server/liveness/challenge";
import type { SelfieFrame } from "@/lib/server/liveness/judge-selfie";
import { FRAME_HEIGHT, FRAME_WIDTH } from "./head-model";

/*
 * Presentation attacks on the video selfie, as camera frames: a flat picture (a print, or a screen
 * replaying a video) held in front of a pinhole camera and moved in 3-D. Every frame is an exact
 * perspective projection of the flat picture (inverse-mapped pixel by pixel, bilinear), so a tilt
 * of the paper about its horizontal axis squashes the face and makes the half nearer the camera
 * larger, exactly as a phone's camera would see it.
 */

/** Pose of the flat picture in front of the camera. */
export interface PrintPose {
  /** Degrees the picture is rotated about its horizontal axis; positive = its top leans away from the camera (the eyes' half farther, the mouth nearer). */
  tilt: number;
  /** Degrees about its vertical axis; positive = its left edge (in the image) away from the camera. */
  swing: number;
  /** Degrees in the image plane, clockwise. */
  roll: number;
  /** Shift of the picture's centre in frame pixels. */
  dx: number;
  dy: number;
  /** Size relative to filling the frame at rest. */
  scale: number;
}

export const FLAT: PrintPose = { tilt: 0, swing: 0, roll: 0, dx: 0, dy: 0, scale: 1 };

/** Focal length in pixels of a phone's front camera (about 60° across the frame's 640 px height). */
const FOCAL = 554;

export interface FlatPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** A photo cut as a 480×640 portrait picture (the print or the screen's content). */
export async function flatPicture(photo: Buffer): Promise<FlatPicture> {
  const { data, info } = await sharp(photo)
    .resize(FRAME_WIDTH, FRAME_HEIGHT, { fit: "cover", position: "centre" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface ViewOptions {
  /** Screen replay: contrast lowered, a faint pixel grid and a black bezel round the picture. */
  screen?: boolean;
}

/**
 * The camera's view of `picture` held in `pose`: 3-D plane rotation (tilt then swing), then the
 * pinhole projection with the picture at the distance where, flat, it fills the frame.
 */
export async function viewOf(picture: FlatPicture, pose: PrintPose, options: ViewOptions = {}): Promise<Buffer> {
  const W = FRAME_WIDTH;
  const H = FRAME_HEIGHT;
  const out = Buffer.alloc(W * H * 3);
  const distance = FOCAL;
  const t = (pose.tilt * Math.PI) / 180;
  const s = (pose.swing * Math.PI) / 180;
  const r = (pose.roll * Math.PI) / 180;
  // Rotation of the plane: picture point (u, v, 0) → R·(u, v, 0) + (0, 0, distance).
  // R = Ry(swing) · Rx(tilt): the tilt moves v into depth, the swing moves u into depth.
  const ct = Math.cos(t);
  const st = Math.sin(t);
  const cs = Math.cos(s);
  const ss = Math.sin(s);
  // Column vectors of R for u and v.
  const eu = [cs, 0, -ss];
  const ev = [ss * -st, ct, cs * -st];
  // The camera ray through (x, y) meets the plane where x·Z = f·X, y·Z = f·Y; solve the 2×2 system
  // for (u, v): X = eu·u + ev·v, Z = distance + eu_z·u + ev_z·v.
  const bezel = options.screen ? 18 : 0;
  const cr = Math.cos(r);
  const sr = Math.sin(r);
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const x = px + 0.5 - W / 2 - pose.dx;
      const y = py + 0.5 - H / 2 - pose.dy;
      const a11 = FOCAL * eu[0]! - x * eu[2]!;
      const a12 = FOCAL * ev[0]! - x * ev[2]!;
      const a21 = FOCAL * eu[1]! - y * eu[2]!;
      const a22 = FOCAL * ev[1]! - y * ev[2]!;
      const b1 = x * distance;
      const b2 = y * distance;
      const det = a11 * a22 - a12 * a21;
      const o = (py * W + px) * 3;
      let u = (b1 * a22 - a12 * b2) / det;
      let v = (a11 * b2 - a21 * b1) / det;
      const depth = distance + eu[2]! * u + ev[2]! * v;
      // The picture's own frame: unscaled and unrolled.
      u /= pose.scale;
      v /= pose.scale;
      const su = cr * u + sr * v + W / 2;
      const sv = -sr * u + cr * v + H / 2;
      if (!(depth > 0) || su < -bezel || sv < -bezel || su >= W + bezel || sv >= H + bezel) {
        // A plain wall behind, lit from above.
        const wall = 150 + Math.round((40 * (H - py)) / H);
        out[o] = wall;
        out[o + 1] = wall - 6;
        out[o + 2] = wall - 14;
        continue;
      }
      if (su < 0 || sv < 0 || su >= W - 1 || sv >= H - 1) {
        out[o] = out[o + 1] = out[o + 2] = 12;
        continue;
      }
      const x0 = Math.floor(su);
      const y0 = Math.floor(sv);
      const fx = su - x0;
      const fy = sv - y0;
      for (let c = 0; c < 3; c++) {
        const p00 = picture.data[(y0 * W + x0) * 3 + c]!;
        const p10 = picture.data[(y0 * W + x0 + 1) * 3 + c]!;
        const p01 = picture.data[((y0 + 1) * W + x0) * 3 + c]!;
        const p11 = picture.data[((y0 + 1) * W + x0 + 1) * 3 + c]!;
        let value = p00 * (1 - fx) * (1 - fy) + p10 * fx * (1 - fy) + p01 * (1 - fx) * fy + p11 * fx * fy;
        if (options.screen) {
          // A screen: blacks lifted, contrast down, a faint sub-pixel grid every 3 source pixels.
          value = 30 + value * 0.8 * (Math.floor(su) % 3 === c ? 1 : 0.93);
        }
        out[o + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const ramp = (t: number, from: number, to: number) => Math.max(0, Math.min(1, (t - from) / (to - from)));
const smooth = (x: number) => x * x * (3 - 2 * x);

/** 0 → 1 → 0 over one step, shaped like the re-rendered person's moves (react, move, hold, back). */
export function stepEnvelope(t: number): number {
  const s = SELFIE_STEP_MS / 2000;
  return smooth(ramp(t, 250 * s, 700 * s)) * (1 - smooth(ramp(t, 1400 * s, 1800 * s)));
}

/** What the attacker does with the picture while each step is asked: a pose at the step's peak. */
export type AttackPlan = Partial<Record<ChallengeStep, Partial<PrintPose>>>;

/** A slow hand's drift: a few pixels and a degree or two, never still. */
function handDrift(t: number): PrintPose {
  return {
    ...FLAT,
    dx: 4 * Math.sin((2 * Math.PI * t) / 3100),
    dy: 3 * Math.sin((2 * Math.PI * t) / 2300),
    roll: 1.2 * Math.sin((2 * Math.PI * t) / 4100),
    tilt: 2 * Math.sin((2 * Math.PI * t) / 2900),
  };
}

/** The frames a browser would send while `picture` is held to the camera and moved as `plan` says during each step. */
export async function attackFrames(
  challenge: ChallengeStep[],
  picture: FlatPicture,
  plan: AttackPlan,
  options: ViewOptions = {},
): Promise<SelfieFrame[]> {
  const frames: SelfieFrame[] = [];
  const end = SELFIE_LEAD_IN_MS + challenge.length * SELFIE_STEP_MS;
  for (let t = 0; t < end; t += SELFIE_FRAME_INTERVAL_MS) {
    const step = t < SELFIE_LEAD_IN_MS ? -1 : Math.floor((t - SELFIE_LEAD_IN_MS) / SELFIE_STEP_MS);
    const pose = handDrift(t);
    const move = step >= 0 ? plan[challenge[step]!] : undefined;
    if (move) {
      const k = stepEnvelope(t - SELFIE_LEAD_IN_MS - step * SELFIE_STEP_MS);
      for (const key of Object.keys(move) as (keyof PrintPose)[]) {
        const target = move[key]!;
        pose[key] = key === "scale" ? pose.scale * (1 + (target - 1) * k) : pose[key] + target * k;
      }
    }
    frames.push({ t, step, image: await viewOf(picture, pose, options) });
  }
  return frames;
}
