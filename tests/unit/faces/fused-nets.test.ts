import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDescriptorNets, loadFaceApiNets, type DescriptorNets } from "@/lib/server/faces/describe-face";
import { getHuman } from "@/lib/server/faces/load-human";

// The fused layers (fused-nets.ts) are the same function of the same weights as face-api's own
// networks: compared on real faces (the shared sets' photos cut square, as chips and landmark
// inputs are) and on noise, which no face-specific shortcut could fit.
const SHARED = path.resolve(__dirname, "../../../../shared/real-data");
const PHOTOS = [
  "faces-deepface/img1.jpg",
  "faces-deepface/img17.jpg",
  "faces-2/Tony_Blair/wall-e-robot__Tony_Blair_0005.jpg",
  "faces-2/barack_obama/face_recognition__test_images_obama.jpg",
];

type Human = Awaited<ReturnType<typeof getHuman>>;
type Tensor = ReturnType<Human["tf"]["tensor4d"]>;

describe("the fused descriptor and landmark networks", () => {
  let human: Human;
  let fused: DescriptorNets;
  let faceApi: Awaited<ReturnType<typeof loadFaceApiNets>>;

  const square = async (file: string, side: number): Promise<Tensor> => {
    const { data } = await sharp(readFileSync(path.join(SHARED, file)))
      .resize(side, side)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return human.tf.tensor4d(Float32Array.from(data), [1, side, side, 3]);
  };
  const noise = (side: number) => human.tf.randomUniform([1, side, side, 3], 0, 255, "float32", 7) as Tensor;

  beforeAll(async () => {
    human = await getHuman();
    fused = await loadDescriptorNets(human.tf);
    faceApi = await loadFaceApiNets(human.tf);
  }, 120_000);

  it("describe a chip as face-api's ResNet-34 does (every number within 1e-5)", async () => {
    const chips = [...(await Promise.all(PHOTOS.map((file) => square(file, 150)))), noise(150)];
    for (const chip of chips) {
      const expected = (await faceApi.faceRecognitionNet.computeFaceDescriptor(chip)) as Float32Array;
      const actual = await fused.describe(chip);
      expect(actual).toHaveLength(128);
      const worst = Math.max(...Array.from(actual, (v, i) => Math.abs(v - expected[i]!)));
      expect(worst).toBeLessThan(1e-5);
    }
    human.tf.dispose(chips);
  }, 120_000);

  it("place the 68 landmarks where face-api's landmark network does (within 1e-3 px of 112)", async () => {
    const inputs = [...(await Promise.all(PHOTOS.map((file) => square(file, 112)))), noise(112)];
    for (const input of inputs) {
      const expected = (await faceApi.faceLandmark68Net.detectLandmarks(input)).positions;
      const actual = await fused.landmarks(input);
      expect(actual).toHaveLength(68);
      const worst = Math.max(...actual.map(([x, y], i) => Math.max(Math.abs(x - expected[i]!.x), Math.abs(y - expected[i]!.y))));
      expect(worst).toBeLessThan(1e-3);
    }
    human.tf.dispose(inputs);
  }, 120_000);

  it("hold no tensors after a call", async () => {
    const chip = noise(150);
    const input = noise(112);
    await fused.describe(chip);
    await fused.landmarks(input);
    const before = human.tf.memory().numTensors;
    for (let i = 0; i < 3; i++) {
      await fused.describe(chip);
      await fused.landmarks(input);
    }
    expect(human.tf.memory().numTensors).toBe(before);
    human.tf.dispose([chip, input]);
  }, 120_000);
});
