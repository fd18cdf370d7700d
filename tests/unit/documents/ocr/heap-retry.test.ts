import { describe, expect, it } from "vitest";
import { isDetachedHeap, onceMoreIfHeapGrew } from "@/lib/server/documents/ocr/heap-retry";

// The learned OCR process runs a page once more when the line finder's WebAssembly heap grew under
// it (heap-retry.ts); every other failure is answered as it was.

/** The error V8 throws when a typed array is made on a detached buffer (the real one, not a copy of its text). */
function detachedError(): unknown {
  const buffer = new ArrayBuffer(8);
  structuredClone(buffer, { transfer: [buffer] }); // detaches `buffer`
  try {
    new Uint8Array(buffer, 0, 4);
  } catch (error) {
    return error;
  }
  throw new Error("a view on a detached buffer was made: this Node does not detach on transfer");
}

describe("onceMoreIfHeapGrew", () => {
  it("knows V8's detached-buffer failure and nothing else", () => {
    expect(isDetachedHeap(detachedError())).toBe(true);
    expect(isDetachedHeap(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDetachedHeap(new Error("The learned OCR took longer than 60 s"))).toBe(false);
  });

  it("runs a call that failed on a detached heap once more and answers its result", async () => {
    let calls = 0;
    const lines = await onceMoreIfHeapGrew(async () => {
      calls++;
      if (calls === 1) throw detachedError();
      return ["P<UTOERIKSSON<<ANNA<MARIA"];
    });
    expect(lines).toEqual(["P<UTOERIKSSON<<ANNA<MARIA"]);
    expect(calls).toBe(2);
  });

  it("lets any other failure stand, untried again", async () => {
    let calls = 0;
    await expect(
      onceMoreIfHeapGrew(async () => {
        calls++;
        throw new Error("Input buffer contains unsupported image format");
      }),
    ).rejects.toThrow("unsupported image format");
    expect(calls).toBe(1);
  });

  it("tries only once more: a second detached heap is the answer", async () => {
    let calls = 0;
    await expect(
      onceMoreIfHeapGrew(async () => {
        calls++;
        throw detachedError();
      }),
    ).rejects.toThrow(/detached ArrayBuffer/);
    expect(calls).toBe(2);
  });
});
