// Gathers real MRZ cells for the cell classifier's training (scripts/documents/train-mrz-cells.ts,
// REAL_CELLS=<file>):
//   SETS=documents,documents-2,more PERSPECTIVE=0.4 npx tsx scripts/documents/collect-real-mrz-cells.ts [out.json]
// (~5 minutes, ~10 with PERSPECTIVE; default out: .scratch/real-mrz-cells.json, ~100 MB, not committed.)
//
// Every real passport and card picture of the sets (tests/support/real-documents.ts, with its truth)
// is read by the engine as it is and in VARIANTS random phone-like copies (shrunk to 35–100 %,
// lighter or darker, blurred, JPEG quality 30–90; a fixed seed; with PERSPECTIVE=<share>, that
// share of the copies first seen at an angle, 10–30° about either axis, either side away, as a page
// lying on a table is). Every set of straightened lines the template matcher is given on the way
// (observeMrzLines: the classic locator's, the learned band's) whose shape is the truth's is kept
// with the truth as its labels, where the lines are aligned with it: on every line the template
// matcher or the cell classifier reads at least 80 % of the cells as the truth (a line cut a cell
// off reads far less; degraded print read wrong here and there stays, which is the point). The
// held-apart source's lines are marked held and never trained on.
// What is gathered depends on the cell classifier present when it runs (the filter asks it, and the
// engine's path through its readers ends sooner where it reads better): the weights shipped were
// trained on the file this script wrote with PERSPECTIVE=0.4 and the classifier of 4a1c31b present
// (405 line sets, 37 of them held apart), byte for byte; those before, on its file without
// PERSPECTIVE and the font-only classifier (ocrb-cells.json as of f619414).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { readMrzCells } from "../../lib/server/documents/mrz/cell-classifier/read-mrz-cells";
import { mrzExpectation, readMrz } from "../../lib/server/documents/mrz/read-mrz";
import { observeMrzLines, readMrzTemplate } from "../../lib/server/documents/mrz/template-reader";
import { closeLearnedOcr } from "../../lib/server/documents/ocr/learned-ocr";
import type { MrzFormat, MrzLineImage } from "../../lib/server/documents/types";
import { storeMrzLine, type StoredMrzLineSet } from "./real-mrz-cells";
import { perspective } from "../../tests/bench/perspective-warp";
import { decodeUpright, type Raw } from "../../tests/bench/picture-pixels";
import { benchRealDocuments, isHeldApart, readRealDocument, REAL_DOCUMENTS_NOW } from "../../tests/support/real-documents";

const VARIANTS = Number(process.env.VARIANTS ?? 10);
/** The share of the copies also seen in perspective (0: none, as the shipped weights were gathered). */
const PERSPECTIVE = Number(process.env.PERSPECTIVE ?? 0);
const OUT = process.argv[2] ?? path.join(process.cwd(), ".scratch/real-mrz-cells.json");
/** A line is kept when this share of its cells is read as the truth by the template matcher or the classifier. */
const ALIGNED = 0.8;

let seed = 12345;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const uniform = (lo: number, hi: number) => lo + (hi - lo) * random();

async function main() {
  const out: StoredMrzLineSet[] = [];
  const images = benchRealDocuments().filter((i) => Array.isArray(i.mrz) && (i.kind === "passport" || i.kind === "national_id"));
  let seen: { lines: MrzLineImage[]; format: MrzFormat }[] = [];
  observeMrzLines((lines, format) => seen.push({ lines, format }));
  for (const image of images) {
    const truth = image.mrz as string[];
    const expect = mrzExpectation(image.kind === "passport" ? "passport" : "national_id");
    const original = readRealDocument(image);
    const width = (await sharp(original).metadata()).width ?? 1000; // the stored width, before any EXIF turn
    let upright: Raw | undefined; // decoded once, for the copies seen in perspective
    for (let variant = 0; variant <= VARIANTS; variant++) {
      let bytes = original;
      if (variant > 0) {
        let source = original;
        let sourceWidth = width;
        if (PERSPECTIVE > 0 && random() < PERSPECTIVE) {
          // Seen at an angle: turned 10–30° about either axis, either side away.
          const degrees = uniform(10, 30) * (random() < 0.5 ? -1 : 1);
          const warped = perspective((upright ??= await decodeUpright(original)), degrees, random() < 0.5 ? "horizontal" : "vertical");
          source = await sharp(warped.data, { raw: { width: warped.width, height: warped.height, channels: 3 } })
            .png()
            .toBuffer();
          sourceWidth = warped.width;
        }
        let copy = sharp(source)
          .rotate()
          .resize(Math.max(64, Math.round(sourceWidth * uniform(0.35, 1))))
          .linear(uniform(0.6, 1.35), 0);
        const blur = uniform(0, 1.2);
        if (blur > 0.35) copy = copy.blur(blur);
        bytes = await copy.jpeg({ quality: Math.round(uniform(30, 90)) }).toBuffer();
      }
      seen = [];
      await readMrz(bytes, expect, REAL_DOCUMENTS_NOW).catch(() => null);
      const kept = new Set<string>();
      for (const { lines, format } of seen) {
        if (lines.length !== truth.length || lines.some((l, i) => l.chars !== truth[i]!.length)) continue;
        const key = lines.map((l) => `${l.width}x${l.height}:${l.cellLeft.toFixed(1)}`).join("|");
        if (kept.has(key)) continue;
        kept.add(key);
        const template = readMrzTemplate(lines, format).lines;
        const cells = readMrzCells(lines, format).lines;
        const aligned = truth.every((line, i) => {
          let right = 0;
          for (let k = 0; k < line.length; k++) if (template[i]![k] === line[k] || cells[i]![k] === line[k]) right++;
          return right >= ALIGNED * line.length;
        });
        if (!aligned) continue;
        out.push({
          file: image.file,
          held: isHeldApart(image),
          variant,
          lines: lines.map((l, i) => storeMrzLine(l, truth[i]!)),
        });
      }
    }
    console.log(`${image.file}: ${out.filter((r) => r.file === image.file).length} line sets`);
  }
  observeMrzLines(null);
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(out));
  console.log(`wrote ${out.length} line sets (${out.filter((r) => r.held).length} held apart) to ${OUT}`);
  await closeLearnedOcr();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
