import type { Human } from "@vladmandic/human";

/*
 * face-api's two networks (the 68 landmarks and dlib's ResNet-34) run again with their own weights,
 * written for the WASM backend. face-api builds every layer from separate ops: a convolution, then
 * its bias added, then (the ResNet) a scale layer's multiply and add, then a ReLU; the input's mean
 * subtracted through three full-size filled tensors and a concat; a residual block's missing
 * channels and rows concatenated as zero tensors. On the WASM backend each of those is a pass over
 * memory, several take the slow broadcasting path, and they cost as much as the convolutions
 * (tf.profile of the ResNet-34 on one chip: Conv2D 24 ms, Concat 17, Add 11, RealDiv 10, Multiply 2).
 * Here each layer is one fused convolution (XNNPACK: bias and ReLU in the same pass): the scale
 * layer folded into the filters and bias (w·(conv(x) + b) + c = conv_{w·W}(x) + (w·b + c)), the
 * ResNet's input normalisation folded into its first convolution (a 'valid' convolution sees no
 * padding, so conv((x − m)/255) = conv_{W/255}(x) − Σ W·m/255 exactly), the zeros as pads. The same
 * function of the same weights: only the order of float operations differs (fused-nets.test.ts
 * compares the two on real faces and noise: descriptors within 1e-5, landmarks within 1e-3 px).
 */

type Tf = Human["tf"];
type Tensor = ReturnType<Tf["tensor"]>;
type Tensor4D = ReturnType<Tf["tensor4d"]>;
type Tensor1D = ReturnType<Tf["tensor1d"]>;
type Tensor2D = ReturnType<Tf["tensor2d"]>;

/** The input mean face-api subtracts before both networks (RGB, 0–255). */
const MEAN_RGB = [122.782, 117.001, 104.298] as const;

interface ConvParams {
  filters: Tensor4D;
  bias: Tensor1D;
}
interface ScaledConvParams {
  conv: ConvParams;
  scale: { weights: Tensor1D; biases: Tensor1D };
}
interface ResidualParams {
  conv1: ScaledConvParams;
  conv2: ScaledConvParams;
}
type ResNetParams = Record<
  | "conv32_1"
  | "conv32_2"
  | "conv32_3"
  | "conv64_down"
  | "conv64_1"
  | "conv64_2"
  | "conv64_3"
  | "conv128_down"
  | "conv128_1"
  | "conv128_2"
  | "conv256_down"
  | "conv256_1"
  | "conv256_2"
  | "conv256_down_out",
  ResidualParams
> & { conv32_down: ScaledConvParams; fc: Tensor2D };

interface SeparableParams {
  depthwise_filter: Tensor4D;
  pointwise_filter: Tensor4D;
  bias: Tensor1D;
}
interface DenseBlockParams {
  conv0: SeparableParams | ConvParams;
  conv1: SeparableParams;
  conv2: SeparableParams;
  conv3: SeparableParams;
}
interface LandmarkParams {
  features: { dense0: DenseBlockParams; dense1: DenseBlockParams; dense2: DenseBlockParams; dense3: DenseBlockParams };
  fc: { weights: Tensor2D; bias: Tensor1D };
}

/** face-api's loaded networks as far as their weights go. */
export interface FaceApiNets {
  recognition: { params?: unknown };
  landmarks: { params?: unknown; faceFeatureExtractor: { params?: unknown } };
}

/** A convolution with its bias (and the scale layer) folded in: one fused op. */
interface Folded {
  filters: Tensor4D;
  bias: Tensor1D;
}

export interface FusedNets {
  /** The 128 numbers of a [1, 150, 150, 3] chip (float, 0–255), as face-api's computeFaceDescriptor gives them. */
  describe(chip: Tensor): Promise<Float32Array>;
  /** The 68 points (x, y in its pixels) of a [1, 112, 112, 3] square (float, 0–255), as face-api's detectLandmarks places them. */
  landmarks(square: Tensor): Promise<[number, number][]>;
}

/** The fused networks from face-api's loaded ones (weights folded once; face-api's own are left as they are). */
export function fuseNets(tf: Tf, nets: FaceApiNets): FusedNets {
  const resnet = nets.recognition.params as ResNetParams | undefined;
  const fc = (nets.landmarks.params as { fc?: LandmarkParams["fc"] } | undefined)?.fc;
  const features = nets.landmarks.faceFeatureExtractor.params as LandmarkParams["features"] | undefined;
  if (!resnet || !fc || !features) throw new Error("face-api's networks are not loaded");
  // The folded weights are kept from tf.tidy's disposal (foldScale's tf.keep): they live as long as the process.
  const recognition = tf.tidy(() => foldResNet(tf, resnet));
  const mean = tf.tensor1d([...MEAN_RGB]);
  return {
    describe: async (chip) => {
      const out = tf.tidy(() => forwardResNet(tf, recognition, chip as Tensor4D));
      try {
        return (await out.data()) as Float32Array;
      } finally {
        tf.dispose(out);
      }
    },
    landmarks: async (square) => {
      const side = (square.shape as number[])[1]!;
      const out = tf.tidy(() => forwardLandmarks(tf, { features, fc }, mean, square as Tensor4D));
      try {
        const values = (await out.data()) as Float32Array;
        return Array.from({ length: 68 }, (_, i) => [values[2 * i]! * side, values[2 * i + 1]! * side] as [number, number]);
      } finally {
        tf.dispose(out);
      }
    },
  };
}

/** The scale layer folded into the convolution: filters × w (per output channel), bias × w + c. */
function foldScale(tf: Tf, { conv, scale }: ScaledConvParams): Folded {
  return {
    filters: tf.keep(tf.mul(conv.filters, scale.weights)) as Tensor4D,
    bias: tf.keep(tf.add(tf.mul(conv.bias, scale.weights), scale.biases)) as Tensor1D,
  };
}

interface FoldedResNet {
  first: Folded;
  blocks: { conv1: Folded; conv2: Folded; down: boolean }[];
  fc: Tensor2D;
}

const RESNET_BLOCKS = [
  ["conv32_1", false],
  ["conv32_2", false],
  ["conv32_3", false],
  ["conv64_down", true],
  ["conv64_1", false],
  ["conv64_2", false],
  ["conv64_3", false],
  ["conv128_down", true],
  ["conv128_1", false],
  ["conv128_2", false],
  ["conv256_down", true],
  ["conv256_1", false],
  ["conv256_2", false],
  ["conv256_down_out", true],
] as const;

function foldResNet(tf: Tf, params: ResNetParams): FoldedResNet {
  const scaled = foldScale(tf, params.conv32_down);
  // The input normalisation, (x − mean) / 255, folded into the first ('valid') convolution.
  const filters = tf.keep(tf.div(scaled.filters, 255)) as Tensor4D;
  const shift = tf.sum(tf.mul(filters, tf.reshape(tf.tensor1d([...MEAN_RGB]), [1, 1, 3, 1])), [0, 1, 2]);
  const first = { filters, bias: tf.keep(tf.sub(scaled.bias, shift)) as Tensor1D };
  tf.dispose([scaled.filters, scaled.bias]);
  const blocks = RESNET_BLOCKS.map(([name, down]) => ({
    conv1: foldScale(tf, params[name].conv1),
    conv2: foldScale(tf, params[name].conv2),
    down,
  }));
  return { first, blocks, fc: params.fc };
}

function forwardResNet(tf: Tf, net: FoldedResNet, chip: Tensor4D): Tensor {
  const conv = (x: Tensor4D, layer: Folded, stride: 1 | 2, relu: boolean) =>
    tf.fused.conv2d({
      x,
      filter: layer.filters,
      strides: stride,
      pad: stride === 2 ? "valid" : "same",
      bias: layer.bias,
      activation: relu ? "relu" : "linear",
    });
  let out = conv(tf.cast(chip, "float32") as Tensor4D, net.first, 2, true);
  out = tf.maxPool(out, 3, 2, "valid");
  for (const block of net.blocks) {
    let inner = conv(out, block.conv1, block.down ? 2 : 1, true);
    inner = conv(inner, block.conv2, 1, false);
    let shortcut: Tensor4D = out;
    if (block.down) {
      shortcut = tf.avgPool(out, 2, 2, "valid");
      // face-api's residualDown: a row and a column of zeros after the convolution's output where
      // the pooled input is a pixel larger; the pooled input's extra channels zeros.
      const [, ph, pw, pc] = shortcut.shape;
      const [, oh, ow, oc] = inner.shape;
      if (ph !== oh || pw !== ow)
        inner = tf.pad(inner, [
          [0, 0],
          [0, 1],
          [0, 1],
          [0, 0],
        ]);
      if (pc !== oc)
        shortcut = tf.pad(shortcut, [
          [0, 0],
          [0, 0],
          [0, 0],
          [0, oc - pc],
        ]);
    }
    out = tf.relu(tf.add(shortcut, inner));
  }
  const pooled = tf.mean(out, [1, 2]) as Tensor2D;
  return tf.squeeze(tf.matMul(pooled, net.fc), [0]);
}

/** A depthwise-separable convolution with its bias ('same' padding), optionally with a ReLU. */
function separable(tf: Tf, x: Tensor4D, p: SeparableParams, stride: 1 | 2, relu: boolean): Tensor4D {
  const depthwise = tf.depthwiseConv2d(x, p.depthwise_filter, stride, "same");
  return tf.fused.conv2d({
    x: depthwise,
    filter: p.pointwise_filter,
    strides: 1,
    pad: "same",
    bias: p.bias,
    activation: relu ? "relu" : "linear",
  });
}

function denseBlock(tf: Tf, x: Tensor4D, p: DenseBlockParams, first: boolean): Tensor4D {
  const out1 = first
    ? tf.fused.conv2d({
        x,
        filter: (p.conv0 as ConvParams).filters,
        strides: 2,
        pad: "same",
        bias: (p.conv0 as ConvParams).bias,
        activation: "relu",
      })
    : separable(tf, x, p.conv0 as SeparableParams, 2, true);
  const out2 = separable(tf, out1, p.conv1, 1, false);
  const in3 = tf.relu(tf.add(out1, out2)) as Tensor4D;
  const out3 = separable(tf, in3, p.conv2, 1, false);
  const in4 = tf.relu(tf.add(out1, tf.add(out2, out3))) as Tensor4D;
  const out4 = separable(tf, in4, p.conv3, 1, false);
  return tf.relu(tf.add(out1, tf.add(out2, tf.add(out3, out4)))) as Tensor4D;
}

function forwardLandmarks(tf: Tf, net: LandmarkParams, mean: Tensor1D, square: Tensor4D): Tensor {
  // The first layer is a 'same' convolution: its border sees padding, so the mean is taken off the input.
  const normalized = tf.div(tf.sub(tf.cast(square, "float32"), mean), 255) as Tensor4D;
  let out = denseBlock(tf, normalized, net.features.dense0, true);
  out = denseBlock(tf, out, net.features.dense1, false);
  out = denseBlock(tf, out, net.features.dense2, false);
  out = denseBlock(tf, out, net.features.dense3, false);
  const pooled = tf.avgPool(out, [7, 7], [2, 2], "valid");
  const flat = tf.reshape(pooled, [1, -1]) as Tensor2D;
  return tf.squeeze(tf.add(tf.matMul(flat, net.fc.weights), net.fc.bias), [0]);
}
