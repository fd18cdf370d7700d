import { describe, expect, it } from "vitest";
import { binaryDot } from "@/lib/server/network/face-search";

/** A real[] as PostgreSQL's array_send writes it (written out by hand from the binary format). */
function arraySend(values: (number | null)[], options: { dims?: number; elementType?: number } = {}): Uint8Array {
  const out = Buffer.alloc(20 + values.reduce<number>((n, v) => n + 4 + (v === null ? 0 : 4), 0));
  out.writeInt32BE(options.dims ?? 1, 0);
  out.writeInt32BE(values.includes(null) ? 1 : 0, 4);
  out.writeUInt32BE(options.elementType ?? 700, 8);
  out.writeInt32BE(values.length, 12);
  out.writeInt32BE(1, 16);
  let offset = 20;
  for (const v of values) {
    if (v === null) {
      out.writeInt32BE(-1, offset);
      offset += 4;
    } else {
      out.writeInt32BE(4, offset);
      out.writeFloatBE(v, offset + 4);
      offset += 8;
    }
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

describe("binaryDot", () => {
  it("is the dot product of the stored float4s with the query", () => {
    const query = Float32Array.from([0.5, -2, 0.25, 1]);
    expect(binaryDot(arraySend([2, 1, 4, -3]), query)).toBe(0.5 * 2 - 2 * 1 + 0.25 * 4 - 3);
    // float4 storage: 0.1 is stored as the nearest float, and the product is taken in float64.
    expect(binaryDot(arraySend([0.1, 0, 0, 0]), Float32Array.from([1, 0, 0, 0]))).toBe(Math.fround(0.1));
  });

  it("reads an array that starts inside a larger buffer (pg's Buffer pool)", () => {
    const inner = arraySend([1, 2]);
    const pool = new Uint8Array(100);
    pool.set(inner, 37);
    expect(binaryDot(pool.subarray(37, 37 + inner.byteLength), Float32Array.from([3, 4]))).toBe(11);
  });

  it("refuses what is not one dimension of the query's length of non-null float4s", () => {
    const query = Float32Array.from([1, 1, 1]);
    expect(binaryDot(arraySend([1, 2]), query)).toBeNull(); // shorter
    expect(binaryDot(arraySend([1, 2, 3, 4]), query)).toBeNull(); // longer
    expect(binaryDot(arraySend([1, null, 3]), query)).toBeNull(); // a null element
    expect(binaryDot(arraySend([1, 2, 3], { dims: 2 }), query)).toBeNull();
    expect(binaryDot(arraySend([1, 2, 3], { elementType: 701 }), query)).toBeNull(); // float8[]
    expect(binaryDot(new Uint8Array(0), query)).toBeNull();
  });
});
