// Every MRZ reader's reading of every located zone (both ways up) on generated documents, with the truth:
//   npx tsx scripts/documents/mrz-readers-dump.ts  (SETS=hard:100,phone:120 OUT=/tmp/readers.json)
// for designing the acceptance gate offline with mrz-gate-eval.ts (a development tool, not a test).
import { writeFileSync } from "node:fs";
import { decodeGray } from "../../lib/server/documents/image/decode-gray";
import { rotate180 } from "../../lib/server/documents/image/rotate-180";
import { locateMrz } from "../../lib/server/documents/mrz/locate-mrz";
import { readMrzTemplate } from "../../lib/server/documents/mrz/template-reader";
import { readMrzTesseract } from "../../lib/server/documents/mrz/ocrb-tesseract/read-mrz-tesseract";
import { readMrzCells } from "../../lib/server/documents/mrz/cell-classifier/read-mrz-cells";
import { documentSet } from "../../tests/support/documents/fixtures";

async function main() {
  const out: unknown[] = [];
  const sets = (process.env.SETS ?? "hard:100,phone:120,clean:100,ocrbs:80").split(",").map((s) => s.split(":"));
  for (const [variant, n] of sets) {
    const samples = await documentSet({ variant: variant as never, count: Number(n), seed: process.env.SEED ?? "bench" });
    let ms = 0;
    for (const s of samples) {
      const formats = s.kind === "passport" ? ["TD3"] : ["TD1", "TD2"];
      const gray = await decodeGray(s.mrzImage);
      const tries: unknown[] = [];
      for (const up of [false, true]) {
        const located = locateMrz(up ? rotate180(gray) : gray, formats as never);
        if (!located.found) {
          tries.push({ up, found: false, reason: located.reason });
          if (!up) break;
          continue;
        }
        const { lines, format } = located.mrz;
        if (!formats.includes(format)) {
          tries.push({ up, found: true, format, wrongType: true });
          continue;
        }
        const t0 = performance.now();
        const template = readMrzTemplate(lines, format);
        const t1 = performance.now();
        const cells = readMrzCells(lines, format);
        ms += performance.now() - t1;
        const tess = await readMrzTesseract(lines).catch(() => null);
        tries.push({
          up,
          found: true,
          format,
          glare: located.mrz.glare,
          capHeight: located.mrz.capHeight,
          template,
          cells,
          tess,
          templateMs: t1 - t0,
        });
      }
      out.push({ id: s.id, variant, kind: s.kind, truth: s.truth.mrzLines, tries });
    }
    console.log(variant, "cells reader ms/doc", (ms / samples.length).toFixed(1));
  }
  writeFileSync(process.env.OUT ?? "/tmp/readers.json", JSON.stringify(out));
  process.exit(0);
}
main();
