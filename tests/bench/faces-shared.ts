import { faceCode } from "@/lib/server/faces/face-code";

const DIM = 1024;

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
 * `copy network_faces (id, team_id, identity_key, embedding, embedding_code) from … with (format binary)`:
 * the embedding as real[] and its sign-bit code as bit(1024). Used by the face-search benches.
 */
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
    fields.writeInt16BE(5);
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
    const bits = Buffer.alloc(4 + 4 + DIM / 8);
    bits.writeInt32BE(4 + DIM / 8, 0);
    bits.writeInt32BE(DIM, 4);
    for (let i = 0; i < DIM; i++) if (code.charCodeAt(i) === 49) bits[8 + (i >> 3)]! |= 0x80 >> (i & 7);
    parts.push(fields, ...text(row.id), ...text("team_bench"), ...text(row.key), array, bits);
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/**
 * Random unit directions, uniform on the sphere, as a stream: seeded (mulberry32, Box–Muller)
 * and read in order, so a ground-truth pass can make the stored rows again instead of holding them.
 */
export function randomDirections(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  return (count: number): Float32Array => {
    const out = new Float32Array(count * DIM);
    for (let r = 0; r < count; r++) {
      let norm = 0;
      for (let i = 0; i < DIM; i += 2) {
        const radius = Math.sqrt(-2 * Math.log(uniform()));
        const angle = 2 * Math.PI * uniform();
        out[r * DIM + i] = radius * Math.cos(angle);
        out[r * DIM + i + 1] = radius * Math.sin(angle);
        norm += out[r * DIM + i]! ** 2 + out[r * DIM + i + 1]! ** 2;
      }
      const scale = 1 / Math.sqrt(norm);
      for (let i = 0; i < DIM; i++) out[r * DIM + i]! *= scale;
    }
    return out;
  };
}
