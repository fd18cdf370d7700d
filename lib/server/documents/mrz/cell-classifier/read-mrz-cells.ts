import { readFileSync } from "node:fs";
import path from "node:path";
import { MRZ_ALPHABET, type MrzFormat, type MrzLineImage, type MrzReading } from "../../types";
import { cellGlyphs } from "../position-classes";
import { cellFeatures, FEATURES } from "./cell-features";
import { decodeMlp, mlpForward, type MlpWeights } from "./mlp";

/*
 * The third MRZ reader: a small neural classifier of single cells (scripts/documents/train-mrz-cells.ts,
 * trained on OCR-B drawn and degraded synthetically and on the cells the engine cut from the
 * tuning sources' real specimen pictures and phone-like copies of them, never on the generated test
 * documents nor the held-apart source; issue 33: real cells kept out of the training read 98.1 →
 * 99.8 %, the held-apart source's 95.5 → 97.5 %, drawn ones 98.4 % as before). It reads the
 * same straightened lines as the template matcher but by learned weights over standardised
 * pixels, not by correlation with the clean glyphs: on blurred, small, washed-out print the two
 * fail differently, which is what the acceptance gate needs from a second opinion. Each cell is
 * looked at over a few small shifts (the locator's grid is never exact); the shift where the
 * classifier is surest wins. Only the glyphs the cell's position allows compete (ICAO 9303 layout).
 * A cell's confidence is its best glyph's probability minus the runner-up's.
 */

const SHIFTS: readonly [number, number][] = [
  [0, 0],
  [-2, 0],
  [2, 0],
  [0, -2],
  [0, 2],
  [-2, -2],
  [2, 2],
  [-2, 2],
  [2, -2],
];

let model: MlpWeights | null = null;

function loadModel(): MlpWeights {
  // Read from the app's root at run time (as the glyph atlas): bundlers leave the asset alone.
  const file = path.resolve(process.cwd(), "lib/server/documents/mrz/cell-classifier/ocrb-cells.json");
  const json = JSON.parse(readFileSync(file, "utf8")) as Parameters<typeof decodeMlp>[0] & { alphabet: string };
  if (json.alphabet !== MRZ_ALPHABET || json.inputs !== FEATURES)
    throw new Error("the MRZ cell classifier was trained for other inputs: retrain it");
  return decodeMlp(json);
}

export function readMrzCells(lines: MrzLineImage[], format: MrzFormat): MrzReading {
  model ??= loadModel();
  const m = model;
  const features = new Float32Array(FEATURES);
  const hidden = new Float32Array(m.hidden);
  const probs = new Float32Array(m.outputs);
  const out: string[] = [];
  const confidence: number[][] = [];
  lines.forEach((line, li) => {
    let text = "";
    const margins: number[] = [];
    for (let k = 0; k < line.chars; k++) {
      const allowed = cellGlyphs(format, li, k);
      let bestGlyph = allowed[0]!;
      let bestP = -1;
      let bestMargin = 0;
      for (const [dx, dy] of SHIFTS) {
        mlpForward(m, cellFeatures(line, k, dx, dy, features), probs, hidden);
        let total = 0;
        for (const g of allowed) total += probs[g]!;
        let first = -1;
        let second = 0;
        let glyph = allowed[0]!;
        for (const g of allowed) {
          const p = probs[g]! / (total || 1);
          if (p > first) {
            second = first < 0 ? 0 : first;
            first = p;
            glyph = g;
          } else if (p > second) second = p;
        }
        if (first > bestP) [bestP, bestGlyph, bestMargin] = [first, glyph, first - second];
      }
      text += MRZ_ALPHABET[bestGlyph];
      margins.push(bestMargin);
    }
    out.push(text);
    confidence.push(margins);
  });
  return { reader: "cells", lines: out, confidence };
}
