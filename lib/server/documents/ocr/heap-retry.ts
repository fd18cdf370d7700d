/*
 * The learned OCR's line finder runs on WebAssembly (opencv-js inside ocr-common). Code that holds a
 * typed-array view onto a WebAssembly heap fails with V8's "Cannot perform Construct on a detached
 * ArrayBuffer" when a call makes the heap grow under it: the old views are detached. Seen once in
 * bench:documents:invariance (one page of 735, after hundreds of pages of other sizes in the same
 * process). The heap has grown by then, so the same call once more runs on it.
 */

/** True for the failure a grown WebAssembly heap gives code still holding views onto the old one. */
export function isDetachedHeap(error: unknown): boolean {
  return error instanceof TypeError && /detached ArrayBuffer/i.test(error.message);
}

/** `run`, and once more if it failed on a detached heap; any other failure, or a second one, stands. */
export async function onceMoreIfHeapGrew<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isDetachedHeap(error)) throw error;
    return run();
  }
}
