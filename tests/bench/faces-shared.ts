import { FACE_EMBEDDING_DIMENSIONS } from "@/lib/server/faces/compare-faces";
import { FACE_MODEL } from "@/lib/server/faces/describe-face";
import { FACE_CODE_BITS, faceCode } from "@/lib/server/faces/face-code";

const DIM = FACE_EMBEDDING_DIMENSIONS;

// Shared by the face-search benches (faces.ts, faces-1m.ts): timing and report helpers, the
// binary COPY writer for network_faces rows, and the seeded random directions.

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
export function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}
/** A table on stdout: first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]) {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

/**
 * network_faces rows as one PostgreSQL binary COPY stream (header, rows, trailer) for
 * `copy network_faces (id, team_id, identity_key, embedding, embedding_code, model) from … with (format binary)`
 * (FACE_COPY_COLUMNS): the embedding as real[], its sign-bit code as bit(1024), the current model.
 * Used by the face-search benches.
 */
export const FACE_COPY_COLUMNS = "id, team_id, identity_key, embedding, embedding_code, model";

export function faceRowsCopy(rows: { id: string; key: string; embedding: ArrayLike<number> }[]): Buffer {
  const parts: Buffer[] = [Buffer.concat([Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.alloc(8)])];
  const text = (value: string) => {
    const bytes = Buffer.from(value);
    const length = Buffer.alloc(4);
    length.writeInt32BE(bytes.length);
    return [length, bytes];
  };
  for (const row of rows) {
    const fields = Buffer.alloc(2);
    fields.writeInt16BE(6);
    const array = Buffer.alloc(4 + 20 + 8 * DIM);
    array.writeInt32BE(20 + 8 * DIM, 0);
    array.writeInt32BE(1, 4); // dimensions
    array.writeInt32BE(0, 8); // no nulls
    array.writeUInt32BE(700, 12); // float4
    array.writeInt32BE(DIM, 16);
    array.writeInt32BE(1, 20); // lower bound
    for (let i = 0; i < DIM; i++) {
      array.writeInt32BE(4, 24 + 8 * i);
      array.writeFloatBE(row.embedding[i]!, 28 + 8 * i);
    }
    // bit(1024) in binary: the field's length, the number of bits, then the bits, high bit first.
    const code = faceCode(row.embedding);
    const bits = Buffer.alloc(4 + 4 + FACE_CODE_BITS / 8);
    bits.writeInt32BE(4 + FACE_CODE_BITS / 8, 0);
    bits.writeInt32BE(FACE_CODE_BITS, 4);
    for (let i = 0; i < FACE_CODE_BITS; i++) if (code.charCodeAt(i) === 49) bits[8 + (i >> 3)]! |= 0x80 >> (i & 7);
    parts.push(fields, ...text(row.id), ...text("team_bench"), ...text(row.key), array, bits, ...text(FACE_MODEL));
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** Standard normal numbers, seeded (mulberry32, Box–Muller), two at a time into `out`. */
function gaussians(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  return (out: Float32Array | Float64Array, from: number, count: number) => {
    for (let i = 0; i < count; i += 2) {
      const radius = Math.sqrt(-2 * Math.log(uniform()));
      const angle = 2 * Math.PI * uniform();
      out[from + i] = radius * Math.cos(angle);
      if (i + 1 < count) out[from + i + 1] = radius * Math.sin(angle);
    }
  };
}

function normalise(out: Float32Array, from: number) {
  let norm = 0;
  for (let i = 0; i < DIM; i += 2) norm += out[from + i]! ** 2 + out[from + i + 1]! ** 2;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < DIM; i++) out[from + i]! *= scale;
}

/** Rows of unit vectors, `count` at a time, in a fixed order for a seed. */
export type DirectionStream = (count: number) => Float32Array;

/**
 * Random unit directions, uniform on the sphere, as a stream: seeded (mulberry32, Box–Muller)
 * and read in order, so a ground-truth pass can make the stored rows again instead of holding them.
 * Uniform directions are the hard case for a graph index: every one is about as far (cosine ~0 ±
 * 0.03) from everything else, real faces included, so a search has no slope to follow.
 */
export function randomDirections(seed: number): DirectionStream {
  const normal = gaussians(seed);
  return (count) => {
    const out = new Float32Array(count * DIM);
    for (let r = 0; r < count; r++) {
      normal(out, r * DIM, DIM);
      normalise(out, r * DIM);
    }
    return out;
  };
}

/**
 * Made-up faces shaped like the real ones, as a seeded stream. The face model's embeddings of
 * different people are not spread over the sphere: over the 22 sample faces their cosines run
 * 0.21–0.64 (median 0.42) and their mean has length 0.66, so faces sit in a cone around a common
 * direction. Each made-up face is that mean, plus a random mix of the sample faces' own
 * differences from it (a Gaussian with their covariance: `1 − isotropicShare` of their spread),
 * plus isotropic noise carrying the rest of the spread into the other dimensions, then scaled
 * to unit length; two of them have a cosine of ~|mean|² ≈ 0.44, as two real people do.
 */
export function faceLikeDirections(seed: number, samples: ArrayLike<number>[], isotropicShare = 0.5): DirectionStream {
  const n = samples.length;
  if (n < 3) throw new Error("faceLikeDirections needs at least 3 sample faces");
  const meanFace = new Float64Array(DIM);
  for (const s of samples) for (let i = 0; i < DIM; i++) meanFace[i]! += s[i]! / n;
  const diffs = samples.map((s) => Float64Array.from({ length: DIM }, (_, i) => s[i]! - meanFace[i]!));
  const spread = diffs.reduce((sum, d) => sum + d.reduce((a, v) => a + v * v, 0), 0) / (n - 1); // trace of the covariance
  const mixScale = Math.sqrt((1 - isotropicShare) / (n - 1));
  const noiseScale = Math.sqrt((isotropicShare * spread) / DIM);
  const normal = gaussians(seed);
  const weights = new Float64Array(n);
  return (count) => {
    const out = new Float32Array(count * DIM);
    for (let r = 0; r < count; r++) {
      const at = r * DIM;
      normal(out, at, DIM);
      normal(weights, 0, n);
      for (let i = 0; i < DIM; i++) {
        let mix = 0;
        for (let k = 0; k < n; k++) mix += weights[k]! * diffs[k]![i]!;
        out[at + i] = meanFace[i]! + mixScale * mix + noiseScale * out[at + i]!;
      }
      normalise(out, at);
    }
    return out;
  };
}

/**
 * One-sided 95 % upper bound on a rate seen `k` times in `n` trials (exact binomial, Clopper–
 * Pearson's upper end): 0 in n gives 1 − 0.05^(1/n) ≈ 3/n.
 */
export function upperBound95(k: number, n: number): number {
  if (n <= 0) return 1;
  if (k >= n) return 1;
  let lo = k / n;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const p = (lo + hi) / 2;
    // P(X ≤ k | p), summed term by term from (1 − p)^n.
    let term = (1 - p) ** n;
    let cdf = term;
    for (let j = 1; j <= k; j++) {
      term *= ((n - j + 1) / j) * (p / (1 - p));
      cdf += term;
    }
    if (cdf > 0.05) lo = p;
    else hi = p;
  }
  return hi;
}

/**
 * TAR at a false-match rate, as NIST FRVT reports a verification algorithm: the threshold lets
 * through at most ⌊fmr · n⌋ of the n impostor scores (a pair matches when its score is strictly
 * above the threshold), and the share of genuine scores above it. Null when there are fewer than
 * 1 / fmr impostor scores: the rate cannot be measured on so few.
 */
export function tarAtFmr(genuine: number[], impostor: number[], fmr: number): { threshold: number; accepted: number } | null {
  if (impostor.length < Math.round(1 / fmr)) return null;
  const sorted = [...impostor].sort((a, b) => b - a);
  const threshold = sorted[Math.floor(fmr * sorted.length)]!;
  return { threshold, accepted: genuine.filter((s) => s > threshold).length };
}
