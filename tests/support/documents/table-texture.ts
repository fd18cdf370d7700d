import sharp from "sharp";
import type { Rng } from "./random";

/*
 * The surface a document lies on in a phone photo: wood, a grey desk, a light laminate or a
 * dark cloth, as smooth blotches plus grain. RGB, 3 bytes per pixel.
 */
type Style = { base: [number, number, number]; blotch: number; grain: number; wood: boolean };
const STYLES: readonly Style[] = [
  { base: [150, 105, 70], blotch: 28, grain: 22, wood: true },
  { base: [120, 122, 125], blotch: 18, grain: 10, wood: false },
  { base: [205, 200, 190], blotch: 14, grain: 8, wood: false },
  { base: [52, 58, 70], blotch: 12, grain: 12, wood: false },
  { base: [185, 140, 95], blotch: 22, grain: 18, wood: true },
];

/** A smooth random field in [-1, 1]: a coarse grid of random values, bilinearly interpolated. */
function smoothField(rng: Rng, width: number, height: number, cell: number): (x: number, y: number) => number {
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = rng.float(-1, 1);
  return (x, y) => {
    const gx = x / cell;
    const gy = y / cell;
    const ix = Math.floor(gx);
    const iy = Math.floor(gy);
    const fx = gx - ix;
    const fy = gy - iy;
    const i = iy * gw + ix;
    const top = (grid[i] as number) * (1 - fx) + (grid[i + 1] as number) * fx;
    const bottom = (grid[i + gw] as number) * (1 - fx) + (grid[i + gw + 1] as number) * fx;
    return top * (1 - fy) + bottom * fy;
  };
}

/** Drawn at half size and enlarged (the grain stays visible; the sensor noise adds the finest). */
export async function tableTexture(rng: Rng, fullWidth: number, fullHeight: number): Promise<Uint8ClampedArray> {
  const width = Math.ceil(fullWidth / 2);
  const height = Math.ceil(fullHeight / 2);
  const style = rng.pick(STYLES);
  const out = new Uint8ClampedArray(width * height * 3);
  const blotches = smoothField(rng, width, height, rng.int(45, 100));
  const warp = smoothField(rng, width, height, 80);
  const angle = rng.float(0, Math.PI);
  const [ca, sa] = [Math.cos(angle), Math.sin(angle)];
  const freq = rng.float(0.1, 0.24);
  const tint: [number, number, number] = [rng.int(-12, 12), rng.int(-12, 12), rng.int(-12, 12)];
  let seed = rng.int(1, 2 ** 31 - 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const grain = ((seed >>> 0) / 4294967296 - 0.5) * style.grain;
      let v = blotches(x, y) * style.blotch + grain;
      if (style.wood) {
        const across = -sa * x + ca * y;
        v += Math.sin(across * freq + warp(x, y) * 6) * style.grain * 0.9;
      }
      const o = (y * width + x) * 3;
      out[o] = style.base[0] + tint[0] + v;
      out[o + 1] = style.base[1] + tint[1] + v * 0.9;
      out[o + 2] = style.base[2] + tint[2] + v * 0.75;
    }
  }
  const big = await sharp(Buffer.from(out.buffer), { raw: { width, height, channels: 3 } })
    .resize(fullWidth, fullHeight, { fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer();
  return new Uint8ClampedArray(big.buffer, big.byteOffset, big.byteLength);
}
