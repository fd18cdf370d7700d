// Trains the MRZ cell classifier, the third reader of the document engine (issues 11, 33):
//   SETS=documents,documents-2,more npx tsx scripts/documents/collect-real-mrz-cells.ts /tmp/real-cells.json
//   REAL_CELLS=/tmp/real-cells.json npx tsx scripts/documents/train-mrz-cells.ts
//     → lib/server/documents/mrz/cell-classifier/ocrb-cells.json
// (~13 minutes on one core with the real cells, ~5 without; deterministic for a given SEED and file.)
//
// Two kinds of cells. Drawn: random MRZ-like lines in Debian's OCR-B (fonts-ocr-b, OCRB.otf),
// never the generated test documents or the other cuts of the font, at the small sizes a phone
// photo gives (cap height 9–26 px), degraded (ink and paper levels, uneven light, glare, blur,
// noise, JPEG), then straightened by the engine's own straightenLine along a geometry with the
// locator's typical errors. Real (REAL_CELLS, issue 33): the straightened lines the engine itself
// cut from the real specimen pictures of the tuning sources and from phone-like copies of them,
// labelled by their truth (collect-real-mrz-cells.ts): print as documents carry it, which the font
// drawn does not show (the classifier read 98.1 % of such cells at its centre shift before, 99.8 %
// after). Every fifth tuning picture's cells are kept out as a validation, and the held-apart
// source's are only measured. Every cell's window goes through cellFeatures, exactly as at run
// time. The bench's generated documents (tests/support/documents) stay unseen.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import sharp from "sharp";
import { cellFeatures, FEATURES } from "../../lib/server/documents/mrz/cell-classifier/cell-features";
import { createMlp, encodeMlp, mlpForward, type MlpWeights } from "../../lib/server/documents/mrz/cell-classifier/mlp";
import { straightenLine, type LineGeometry } from "../../lib/server/documents/mrz/locate/straighten-line";
import { MRZ_ALPHABET, MRZ_LINE_CAP_HEIGHT, type GrayImage } from "../../lib/server/documents/types";
import { storedMrzLineImage, type StoredMrzLineSet } from "./real-mrz-cells";

const FONT = "/usr/share/fonts/opentype/ocr-b/OCRB.otf";
if (!GlobalFonts.registerFromPath(FONT, "OCRB-train")) throw new Error(`cannot load ${FONT} (apt-get install fonts-ocr-b)`);

const SEED = Number(process.env.SEED ?? 20261125);
const LINES = Number(process.env.LINES ?? 9000);
const HIDDEN = Number(process.env.HIDDEN ?? 160);
const EPOCHS = Number(process.env.EPOCHS ?? 8);
const OS = 3; // oversampling of the drawing
/** Real cells (scripts/documents/collect-real-mrz-cells.ts's file), or none: the font alone. */
const REAL_CELLS = process.env.REAL_CELLS;
/** Each real training cell this many times, at as many random shifts of its window. */
const REAL_REPEATS = Number(process.env.REAL_REPEATS ?? 3);

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
const uniform = (lo: number, hi: number) => lo + (hi - lo) * random();
const gauss = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";

/** A line shaped like an MRZ's: runs of letters, digits and fillers. */
function mrzLikeText(length: number): string {
  let text = "";
  while (text.length < length) {
    const r = random();
    const run = r < 0.4 ? LETTERS : r < 0.75 ? DIGITS : r < 0.9 ? "<" : MRZ_ALPHABET;
    const n = run === "<" ? 1 + Math.floor(random() * 12) : 2 + Math.floor(random() * 9);
    for (let i = 0; i < n; i++) text += pick([...run]);
  }
  return text.slice(0, length);
}

const capAt100 = (() => {
  const ctx = createCanvas(200, 200).getContext("2d");
  ctx.font = "100px OCRB-train";
  return ctx.measureText("H").actualBoundingBoxAscent;
})();

interface Sample {
  x: Float32Array;
  y: number;
}

/** One synthetic line → its cells' features and labels. */
async function makeLine(): Promise<Sample[]> {
  const chars = pick([30, 36, 44]);
  const text = mrzLikeText(chars);
  const cap = uniform(9, 26);
  const size = (100 * cap * OS) / capAt100;
  const probe = createCanvas(10, 10).getContext("2d");
  probe.font = `${size}px OCRB-train`;
  const advance = probe.measureText("0").width;
  const pitch = advance * uniform(0.97, 1.05);
  const W = Math.ceil((chars + 3) * pitch);
  const H = Math.ceil(cap * OS * 2.8);
  const baseline = cap * OS * 1.9;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, W, H);
  ctx.font = `${size}px OCRB-train`;
  ctx.textBaseline = "alphabetic";
  const spread = random();
  const inkWidth = spread < 0.4 ? uniform(0.01, 0.07) * cap * OS : 0;
  const thinWidth = spread > 0.8 ? uniform(0.01, 0.05) * cap * OS : 0;
  for (let k = 0; k < chars; k++) {
    const ch = text[k]!;
    const x = (1.5 + k) * pitch - ctx.measureText(ch).width / 2;
    ctx.fillStyle = "#000";
    ctx.fillText(ch, x, baseline);
    if (inkWidth) {
      ctx.strokeStyle = "#000";
      ctx.lineWidth = inkWidth;
      ctx.strokeText(ch, x, baseline);
    }
    if (thinWidth) {
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = thinWidth;
      ctx.strokeText(ch, x, baseline);
    }
  }
  const rgba = ctx.getImageData(0, 0, W, H).data;
  const grayHi = Buffer.alloc(W * H);
  for (let i = 0; i < W * H; i++) grayHi[i] = rgba[i * 4]!;
  const w = Math.round(W / OS);
  const h = Math.round(H / OS);
  const low = await sharp(grayHi, { raw: { width: W, height: H, channels: 1 } })
    .resize(w, h, { fit: "fill" })
    .extractChannel(0)
    .raw()
    .toBuffer();

  // Light, ink and glare.
  const paper = uniform(120, 250);
  const ink = uniform(0, 0.55 * paper);
  const tilt = uniform(-0.35, 0.35);
  const glare =
    random() < 0.35 ? { x: uniform(0, w), y: uniform(0, h), r: uniform(1, 6) * cap, s: uniform(30, Math.max(31, 225 - ink)) } : null;
  const lit = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = ink + ((paper - ink) * low[y * w + x]!) / 255;
      v *= 1 + tilt * (x / w - 0.5);
      if (glare) v += glare.s * Math.exp(-((x - glare.x) ** 2 + (y - glare.y) ** 2) / (2 * glare.r * glare.r));
      lit[y * w + x] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  let img = sharp(lit, { raw: { width: w, height: h, channels: 1 } });
  if (random() < 0.9) img = img.blur(uniform(0.3, 2.2));
  // (sharp hands one-channel raw input back as three channels unless told)
  const blurred = await img.extractChannel(0).raw().toBuffer();
  const noise = uniform(0, 8);
  for (let i = 0; i < blurred.length; i++) blurred[i] = Math.max(0, Math.min(255, Math.round(blurred[i]! + noise * gauss())));
  const jpeg = await sharp(blurred, { raw: { width: w, height: h, channels: 1 } })
    .jpeg({ quality: Math.round(uniform(35, 92)) })
    .toBuffer();
  const decoded = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  const image: GrayImage = {
    width: decoded.info.width,
    height: decoded.info.height,
    data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length),
  };

  // The locator's geometry, with its usual errors.
  const p = pitch / OS;
  const capErr = uniform(0.93, 1.07);
  const pitchErr = uniform(0.995, 1.005);
  const dx = uniform(-0.2, 0.2) * p;
  const dy = uniform(-0.1, 0.1) * cap;
  const slope = uniform(-0.012, 0.012);
  const yc = baseline / OS - cap / 2;
  const geometry: LineGeometry = {
    x: (k) => (1.5 + k) * p * pitchErr + dx,
    y: (k) => yc + dy + slope * k * p,
    cap: () => cap * capErr,
    pitchOut: (MRZ_LINE_CAP_HEIGHT * p * pitchErr) / (cap * capErr),
  };
  const line = straightenLine(image, geometry, chars);
  if (process.env.PEEK)
    await sharp(Buffer.from(line.data), { raw: { width: line.width, height: line.height, channels: 1 } })
      .png()
      .toFile(`${process.env.PEEK}-${text.slice(0, 6)}.png`);
  const samples: Sample[] = [];
  for (let k = 0; k < chars; k++) {
    const sx = Math.round(uniform(-1.5, 1.5));
    const sy = Math.round(uniform(-1.5, 1.5));
    samples.push({ x: cellFeatures(line, k, sx, sy, new Float32Array(FEATURES)), y: MRZ_ALPHABET.indexOf(text[k]!) });
  }
  return samples;
}

function accuracy(m: MlpWeights, data: Sample[]): number {
  const probs = new Float32Array(m.outputs);
  let right = 0;
  for (const s of data) {
    mlpForward(m, s.x, probs);
    let best = 0;
    for (let c = 1; c < m.outputs; c++) if (probs[c]! > probs[best]!) best = c;
    if (best === s.y) right++;
  }
  return right / data.length;
}

/**
 * The real cells: the lines of pictures of the tuning sources train (REAL_REPEATS times each, at
 * random shifts), every fifth such picture (by name) is kept out as a validation of real print the
 * classifier did not see, and the held-apart source's lines are only measured.
 */
function realCells(file: string): { train: Sample[]; validation: Sample[]; heldApart: Sample[] } {
  const reads = JSON.parse(readFileSync(file, "utf8")) as StoredMrzLineSet[];
  const pictures = [...new Set(reads.filter((r) => !r.held).map((r) => r.file))].sort();
  const validationPictures = new Set(pictures.filter((_, i) => i % 5 === 4));
  const train: Sample[] = [];
  const validation: Sample[] = [];
  const heldApart: Sample[] = [];
  for (const read of reads) {
    const training = !read.held && !validationPictures.has(read.file);
    const into = training ? train : read.held ? heldApart : validation;
    // A training cell is seen REAL_REPEATS times at random shifts; a measured one once, centred.
    const repeats = training ? REAL_REPEATS : 1;
    for (const l of read.lines) {
      const line = storedMrzLineImage(l);
      for (let k = 0; k < l.chars; k++) {
        const y = MRZ_ALPHABET.indexOf(l.truth[k]!);
        for (let r = 0; r < repeats; r++) {
          const sx = training ? Math.round(uniform(-1.5, 1.5)) : 0;
          const sy = training ? Math.round(uniform(-1.5, 1.5)) : 0;
          into.push({ x: cellFeatures(line, k, sx, sy, new Float32Array(FEATURES)), y });
        }
      }
    }
  }
  console.log(
    `real cells: ${train.length} training (${pictures.length - validationPictures.size} pictures × ${REAL_REPEATS}), ${validation.length} validation (${validationPictures.size} pictures), ${heldApart.length} held apart`,
  );
  return { train, validation, heldApart };
}

async function main() {
  const t0 = performance.now();
  const train: Sample[] = [];
  const test: Sample[] = [];
  for (let i = 0; i < LINES; i++) (i % 10 === 0 ? test : train).push(...(await makeLine()));
  console.log(`${train.length} training cells, ${test.length} held out, made in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const real = REAL_CELLS ? realCells(REAL_CELLS) : null;
  if (real) train.push(...real.train);
  const realFigures = (m: MlpWeights) =>
    real
      ? `; real validation ${(100 * accuracy(m, real.validation)).toFixed(2)} %, held apart ${(100 * accuracy(m, real.heldApart)).toFixed(2)} %`
      : "";

  const m = createMlp(FEATURES, HIDDEN, MRZ_ALPHABET.length, random);
  const params = [m.w1, m.b1, m.w2, m.b2];
  const mom = params.map((p) => new Float32Array(p.length));
  const vel = params.map((p) => new Float32Array(p.length));
  const grads = params.map((p) => new Float32Array(p.length));
  const [g1, gb1, g2, gb2] = grads as [Float32Array, Float32Array, Float32Array, Float32Array];
  const hidden = new Float32Array(HIDDEN);
  const probs = new Float32Array(m.outputs);
  const dh = new Float32Array(HIDDEN);
  const BATCH = 128;
  const order = Array.from(train, (_, i) => i);
  let step = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const lr = 2e-3 * 0.5 ** (epoch / 3);
    let loss = 0;
    for (let start = 0; start < order.length; start += BATCH) {
      for (const g of grads) g.fill(0);
      const end = Math.min(order.length, start + BATCH);
      for (let b = start; b < end; b++) {
        const s = train[order[b]!]!;
        mlpForward(m, s.x, probs, hidden);
        loss -= Math.log(Math.max(1e-9, probs[s.y]!));
        dh.fill(0);
        for (let c = 0; c < m.outputs; c++) {
          const d = probs[c]! - (c === s.y ? 1 : 0);
          gb2[c]! += d;
          const row = c * HIDDEN;
          for (let j = 0; j < HIDDEN; j++) {
            g2[row + j]! += d * hidden[j]!;
            dh[j]! += d * m.w2[row + j]!;
          }
        }
        for (let j = 0; j < HIDDEN; j++) {
          if (hidden[j]! <= 0) continue;
          const d = dh[j]!;
          gb1[j]! += d;
          const row = j * FEATURES;
          for (let f = 0; f < FEATURES; f++) g1[row + f]! += d * s.x[f]!;
        }
      }
      // Adam.
      step++;
      const n = end - start;
      const c1 = 1 - 0.9 ** step;
      const c2 = 1 - 0.999 ** step;
      params.forEach((p, pi) => {
        const g = grads[pi]!;
        const mo = mom[pi]!;
        const ve = vel[pi]!;
        for (let q = 0; q < p.length; q++) {
          const gq = g[q]! / n + (pi === 0 || pi === 2 ? 1e-5 * p[q]! : 0);
          mo[q] = 0.9 * mo[q]! + 0.1 * gq;
          ve[q] = 0.999 * ve[q]! + 0.001 * gq * gq;
          p[q] = p[q]! - (lr * (mo[q]! / c1)) / (Math.sqrt(ve[q]! / c2) + 1e-8);
        }
      });
    }
    console.log(
      `epoch ${epoch + 1}: loss ${(loss / order.length).toFixed(4)}, held-out accuracy ${(100 * accuracy(m, test)).toFixed(2)} %${realFigures(m)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
  const file = path.join(import.meta.dirname, "../../lib/server/documents/mrz/cell-classifier/ocrb-cells.json");
  writeFileSync(
    file,
    JSON.stringify({
      font: "OCRB.otf (fonts-ocr-b)",
      seed: SEED,
      lines: LINES,
      alphabet: MRZ_ALPHABET,
      heldOutAccuracy: accuracy(m, test),
      ...encodeMlp(m),
    }) + "\n",
  );
  console.log(`wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
