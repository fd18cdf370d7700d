/*
 * A one-hidden-layer perceptron (ReLU, softmax) in plain typed arrays: the cell classifier's
 * model at run time and, with its gradient step, in the training script. Small on purpose:
 * FEATURES × HIDDEN + HIDDEN × CLASSES weights, a forward pass of ~50 k multiply-adds.
 */

export interface MlpWeights {
  inputs: number;
  hidden: number;
  outputs: number;
  /** hidden × inputs, row-major. */
  w1: Float32Array;
  b1: Float32Array;
  /** outputs × hidden. */
  w2: Float32Array;
  b2: Float32Array;
}

export function createMlp(inputs: number, hidden: number, outputs: number, random: () => number): MlpWeights {
  const gauss = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  const w1 = Float32Array.from({ length: hidden * inputs }, () => gauss() * Math.sqrt(2 / inputs));
  const w2 = Float32Array.from({ length: outputs * hidden }, () => gauss() * Math.sqrt(1 / hidden));
  return { inputs, hidden, outputs, w1, b1: new Float32Array(hidden), w2, b2: new Float32Array(outputs) };
}

/** Class probabilities of one input; `hiddenOut` receives the hidden activations when given. */
export function mlpForward(m: MlpWeights, x: Float32Array, probs: Float32Array, hiddenOut?: Float32Array): Float32Array {
  const h = hiddenOut ?? new Float32Array(m.hidden);
  const { inputs, hidden, outputs, w1, b1, w2, b2 } = m;
  // The first layer is nearly all the work (inputs × hidden multiply-adds): four running sums over
  // each weight row as its own view (a loop bounded by the view's length compiles tighter than
  // offsets into one long array).
  const rows = weightRows(w1, inputs);
  const tail = inputs - (inputs % 4);
  for (let j = 0; j < hidden; j++) {
    const w = rows[j]!;
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let i = 0;
    for (; i < tail; i += 4) {
      a += w[i]! * x[i]!;
      b += w[i + 1]! * x[i + 1]!;
      c += w[i + 2]! * x[i + 2]!;
      d += w[i + 3]! * x[i + 3]!;
    }
    for (; i < inputs; i++) a += w[i]! * x[i]!;
    const acc = b1[j]! + (a + b + (c + d));
    h[j] = acc > 0 ? acc : 0;
  }
  let max = -Infinity;
  for (let c = 0; c < outputs; c++) {
    let acc = b2[c]!;
    const row = c * hidden;
    for (let j = 0; j < hidden; j++) acc += w2[row + j]! * h[j]!;
    probs[c] = acc;
    if (acc > max) max = acc;
  }
  let total = 0;
  for (let c = 0; c < outputs; c++) {
    const e = Math.exp(probs[c]! - max);
    probs[c] = e;
    total += e;
  }
  for (let c = 0; c < outputs; c++) probs[c] = probs[c]! / total;
  return probs;
}

const rowViews = new WeakMap<Float32Array, Float32Array[]>();

/** The rows of a row-major weight matrix as views (made once per matrix; a view shares its memory, so training's updates show). */
function weightRows(w: Float32Array, width: number): Float32Array[] {
  let rows = rowViews.get(w);
  if (!rows) {
    rows = Array.from({ length: Math.floor(w.length / width) }, (_, j) => w.subarray(j * width, (j + 1) * width));
    rowViews.set(w, rows);
  }
  return rows;
}

export function encodeMlp(m: MlpWeights): {
  inputs: number;
  hidden: number;
  outputs: number;
  w1: string;
  b1: string;
  w2: string;
  b2: string;
} {
  const b64 = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64");
  return { inputs: m.inputs, hidden: m.hidden, outputs: m.outputs, w1: b64(m.w1), b1: b64(m.b1), w2: b64(m.w2), b2: b64(m.b2) };
}

export function decodeMlp(json: {
  inputs: number;
  hidden: number;
  outputs: number;
  w1: string;
  b1: string;
  w2: string;
  b2: string;
}): MlpWeights {
  const f32 = (s: string) => {
    const bytes = Buffer.from(s, "base64");
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  };
  const m = {
    inputs: json.inputs,
    hidden: json.hidden,
    outputs: json.outputs,
    w1: f32(json.w1),
    b1: f32(json.b1),
    w2: f32(json.w2),
    b2: f32(json.b2),
  };
  if (m.w1.length !== m.inputs * m.hidden || m.w2.length !== m.hidden * m.outputs || m.b1.length !== m.hidden || m.b2.length !== m.outputs)
    throw new Error("cell classifier weights do not match their shape");
  return m;
}
