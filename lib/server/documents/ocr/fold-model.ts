import onnxProto, { type onnx as OnnxTypes } from "onnx-proto";

const { onnx } = onnxProto;
type Model = OnnxTypes.IModelProto;
type Node = OnnxTypes.INodeProto;
type Tensor = OnnxTypes.ITensorProto;

/*
 * PP-OCRv4's two networks (PPLCNetV3 and its kin, exported by paddle2onnx) spend a third of their
 * time on small element-wise steps between the convolutions: each convolution is followed by a
 * learnable affine step (`y = a·x + b`, two scalars), a hard-swish spelt out as four operations
 * (`x · clip(x + 3, 0, 6) / 6`) and a second affine step. onnxruntime fuses none of them, and each
 * is a pass over the whole feature map (with a layout change around it). The same function, with
 * fewer passes:
 *  1. an affine step right after a convolution goes into the convolution's weights and bias
 *     (`a·(W∗x + B) + b = (a·W)∗x + (a·B + b)`);
 *  2. the hard-swish becomes `x · HardSigmoid(x)` (α = 1/6, β = 1/2: the same formula), two
 *     operations instead of four, in the model's own opset;
 *  3. an affine step after a hard-swish that feeds only an unpadded convolution (the 1 × 1 ones)
 *     goes into that convolution (`W∗(c·h + d) + B = (c·W)∗h + (B + d·ΣW)`); before a padded one
 *     the border would see `d` where it saw 0, so it stays.
 * Measured alone on this 2-core machine: recognition of a 48 × 600 line ~40 → ~33 ms, detection
 * of a 672 × 960 page ~160 → ~139 ms; outputs within ~1e-5 of the original's (float rounding:
 * the folded weights are rounded once, where the original rounded each step). The model files
 * are not changed: the models are folded when a process loads them.
 */

/** How many of each fold a model took. */
export interface FoldCounts {
  /** Affine steps folded into the convolution before them. */
  affineIntoConv: number;
  /** Hard-swishes written as x · HardSigmoid(x). */
  hardSwish: number;
  /** Affine steps after a hard-swish folded into the unpadded convolution after them. */
  affineIntoNextConv: number;
}

/** An ONNX model's bytes with its affine steps and hard-swishes folded (above), and what was folded. */
export function foldModel(bytes: Uint8Array): { bytes: Uint8Array; folded: FoldCounts } {
  const model = onnx.ModelProto.decode(bytes);
  const graph = model.graph;
  if (!graph) throw new Error("the ONNX model has no graph");
  const folded: FoldCounts = { affineIntoConv: 0, hardSwish: 0, affineIntoNextConv: 0 };
  folded.affineIntoConv = foldAffineIntoConv(model);
  folded.hardSwish = rewriteHardSwish(model);
  folded.affineIntoNextConv = foldAffineIntoNextConv(model);
  dropUnusedConstants(model);
  return { bytes: onnx.ModelProto.encode(model).finish(), folded };
}

/** The graph's nodes by the values they make and by the values they take. */
class GraphIndex {
  readonly producer = new Map<string, Node>();
  readonly consumers = new Map<string, Node[]>();
  readonly initializers = new Map<string, Tensor>();

  constructor(readonly model: Model) {
    const graph = model.graph!;
    for (const node of graph.node ?? []) {
      for (const out of node.output ?? []) this.producer.set(out, node);
      for (const input of node.input ?? []) {
        const list = this.consumers.get(input) ?? [];
        list.push(node);
        this.consumers.set(input, list);
      }
    }
    for (const tensor of graph.initializer ?? []) if (tensor.name) this.initializers.set(tensor.name, tensor);
  }

  /** The only node taking `value`, or null where none or several do (or the graph outputs it). */
  soleConsumer(value: string): Node | null {
    const list = this.consumers.get(value) ?? [];
    if (list.length !== 1 || this.model.graph!.output?.some((o) => o.name === value)) return null;
    return list[0]!;
  }

  /** A constant float tensor (a Constant node's value or an initializer). */
  constant(value: string): Tensor | null {
    const node = this.producer.get(value);
    const tensor =
      node?.opType === "Constant" ? (node.attribute?.find((a) => a.name === "value")?.t ?? null) : (this.initializers.get(value) ?? null);
    return tensor && tensor.dataType === onnx.TensorProto.DataType.FLOAT ? tensor : null;
  }

  /** A constant float holding one number. */
  scalar(value: string): number | null {
    const tensor = this.constant(value);
    if (!tensor) return null;
    const values = floats(tensor);
    return values.length === 1 ? values[0]! : null;
  }

  /** A constant used by `node` alone (its numbers may be changed). */
  ownConstant(value: string, node: Node): Tensor | null {
    const tensor = this.constant(value);
    const users = this.consumers.get(value) ?? [];
    return tensor && users.length === 1 && users[0] === node ? tensor : null;
  }
}

function floats(tensor: Tensor): Float32Array {
  if (tensor.floatData?.length) return Float32Array.from(tensor.floatData);
  // A copy (Uint8Array.from, not a Buffer's slice, which is a view): the raw bytes are a view into
  // the whole model's, at an offset that need not be a multiple of 4.
  const raw = Uint8Array.from(tensor.rawData ?? []);
  return new Float32Array(raw.buffer, 0, raw.byteLength >> 2);
}

function setFloats(tensor: Tensor, values: Float32Array): void {
  tensor.floatData = [];
  tensor.rawData = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/** The other input of a two-input node. */
function otherInput(node: Node, value: string): string | null {
  const inputs = node.input ?? [];
  return inputs.length === 2 ? (inputs[0] === value ? inputs[1]! : inputs[1] === value ? inputs[0]! : null) : null;
}

/** An affine step starting at `value`: Mul by a scalar, then Add a scalar, each the sole user of the one before. */
function affineAfter(index: GraphIndex, value: string): { scale: number; shift: number; mul: Node; add: Node } | null {
  const mul = index.soleConsumer(value);
  if (mul?.opType !== "Mul") return null;
  const scale = index.scalar(otherInput(mul, value) ?? "");
  const add = index.soleConsumer(mul.output?.[0] ?? "");
  if (scale === null || add?.opType !== "Add") return null;
  const shift = index.scalar(otherInput(add, mul.output![0]!) ?? "");
  return shift === null ? null : { scale, shift, mul, add };
}

/** A convolution with constant weights and bias it alone uses: [W, B] (W's first dimension the output channels). */
function convConstants(index: GraphIndex, conv: Node): [Tensor, Tensor] | null {
  const inputs = conv.input ?? [];
  if (conv.opType !== "Conv" || inputs.length !== 3) return null;
  const weights = index.ownConstant(inputs[1]!, conv);
  const bias = index.ownConstant(inputs[2]!, conv);
  return weights && bias ? [weights, bias] : null;
}

/** Constant nodes nothing takes any more (the folded steps' scalars): left in, onnxruntime warns of each as it loads. */
function dropUnusedConstants(model: Model): void {
  const used = new Set<string>();
  for (const node of model.graph!.node ?? []) for (const input of node.input ?? []) used.add(input);
  for (const output of model.graph!.output ?? []) if (output.name) used.add(output.name);
  model.graph!.node = (model.graph!.node ?? []).filter(
    (node) => node.opType !== "Constant" || (node.output ?? []).some((o) => used.has(o)),
  );
}

function dropNodes(model: Model, dropped: Set<Node>): void {
  model.graph!.node = (model.graph!.node ?? []).filter((node) => !dropped.has(node));
}

function foldAffineIntoConv(model: Model): number {
  const index = new GraphIndex(model);
  const dropped = new Set<Node>();
  for (const conv of model.graph!.node ?? []) {
    const constants = convConstants(index, conv);
    const affine = constants && affineAfter(index, conv.output?.[0] ?? "");
    if (!constants || !affine) continue;
    const [weights, bias] = constants;
    setFloats(
      weights,
      floats(weights).map((w) => w * affine.scale),
    );
    setFloats(
      bias,
      floats(bias).map((b) => b * affine.scale + affine.shift),
    );
    conv.output = [affine.add.output![0]!];
    dropped.add(affine.mul).add(affine.add);
  }
  dropNodes(model, dropped);
  return dropped.size / 2;
}

/** Clip's bounds: inputs (opset 11 and later) or attributes (before). */
function clipBounds(index: GraphIndex, clip: Node): [number | null, number | null] {
  const inputs = clip.input ?? [];
  if (inputs.length >= 3) return [index.scalar(inputs[1]!), index.scalar(inputs[2]!)];
  const attribute = (name: string) => clip.attribute?.find((a) => a.name === name)?.f ?? null;
  return [attribute("min"), attribute("max")];
}

function rewriteHardSwish(model: Model): number {
  const index = new GraphIndex(model);
  const dropped = new Set<Node>();
  const replaced = new Map<Node, Node[]>();
  let count = 0;
  for (const clip of model.graph!.node ?? []) {
    if (clip.opType !== "Clip") continue;
    // x + 3 → clip(0, 6) → x · that → ÷ 6
    const add = index.producer.get(clip.input?.[0] ?? "");
    if (add?.opType !== "Add" || index.soleConsumer(add.output?.[0] ?? "") !== clip) continue;
    const x = (add.input ?? []).find((value) => index.scalar(value) === null);
    if (!x || index.scalar(otherInput(add, x) ?? "") !== 3) continue;
    const [low, high] = clipBounds(index, clip);
    if (low !== 0 || high !== 6) continue;
    const mul = index.soleConsumer(clip.output?.[0] ?? "");
    if (mul?.opType !== "Mul" || otherInput(mul, clip.output![0]!) !== x) continue;
    const div = index.soleConsumer(mul.output?.[0] ?? "");
    if (div?.opType !== "Div" || div.input?.[0] !== mul.output![0] || index.scalar(div.input?.[1] ?? "") !== 6) continue;
    const gate = `${div.output![0]}/hard_sigmoid`;
    replaced.set(div, [
      onnx.NodeProto.create({
        opType: "HardSigmoid",
        name: gate,
        input: [x],
        output: [gate],
        attribute: [
          onnx.AttributeProto.create({ name: "alpha", f: 1 / 6, type: onnx.AttributeProto.AttributeType.FLOAT }),
          onnx.AttributeProto.create({ name: "beta", f: 0.5, type: onnx.AttributeProto.AttributeType.FLOAT }),
        ],
      }),
      onnx.NodeProto.create({ opType: "Mul", name: `${div.output![0]}/hard_swish`, input: [x, gate], output: [div.output![0]!] }),
    ]);
    dropped.add(add).add(clip).add(mul);
    count++;
  }
  model.graph!.node = (model.graph!.node ?? []).flatMap((node) => (dropped.has(node) ? [] : (replaced.get(node) ?? [node])));
  return count;
}

function foldAffineIntoNextConv(model: Model): number {
  const index = new GraphIndex(model);
  const dropped = new Set<Node>();
  for (const swish of model.graph!.node ?? []) {
    if (swish.opType !== "Mul" || !swish.name?.endsWith("/hard_swish")) continue;
    const affine = affineAfter(index, swish.output?.[0] ?? "");
    const conv = affine && index.soleConsumer(affine.add.output?.[0] ?? "");
    const constants = conv && convConstants(index, conv);
    if (!affine || !conv || !constants || conv.input?.[0] !== affine.add.output![0]) continue;
    const pads = conv.attribute?.find((a) => a.name === "pads")?.ints ?? [];
    const autoPad = conv.attribute?.find((a) => a.name === "auto_pad")?.s;
    const padMode = autoPad ? new TextDecoder().decode(autoPad) : "NOTSET";
    if (pads.some((p) => Number(p) !== 0) || (padMode !== "NOTSET" && padMode !== "VALID")) continue;
    const [weightsTensor, biasTensor] = constants;
    const weights = floats(weightsTensor);
    const bias = floats(biasTensor);
    const perOutput = weights.length / bias.length;
    if (!Number.isInteger(perOutput)) continue;
    for (let o = 0; o < bias.length; o++) {
      let sum = 0;
      for (let k = 0; k < perOutput; k++) sum += weights[o * perOutput + k]!;
      bias[o] = bias[o]! + affine.shift * sum;
    }
    setFloats(
      weightsTensor,
      weights.map((w) => w * affine.scale),
    );
    setFloats(biasTensor, bias);
    conv.input![0] = swish.output![0]!;
    dropped.add(affine.mul).add(affine.add);
  }
  dropNodes(model, dropped);
  return dropped.size / 2;
}
