// Renders the 37 MRZ glyphs of OCR-B (Debian's fonts-ocr-b, OCRB.otf) into the template atlas the
// template reader loads at run time, so a server needs no font installed:
//   npx tsx scripts/documents/build-ocrb-glyphs.ts   → lib/server/documents/mrz/template/ocrb-glyphs.json
// Each glyph is drawn black on white in a TEMPLATE_WIDTH × TEMPLATE_HEIGHT window, its advance box
// centred horizontally and its baseline at TEMPLATE_BASELINE, at several cap heights (the locator
// normalises lines to MRZ_LINE_CAP_HEIGHT; the others absorb its error).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { MRZ_ALPHABET } from "../../lib/server/documents/types";
import {
  TEMPLATE_BASELINE,
  TEMPLATE_CAP_HEIGHTS,
  TEMPLATE_HEIGHT,
  TEMPLATE_WIDTH,
} from "../../lib/server/documents/mrz/template/atlas-shape";

const FONT = "/usr/share/fonts/opentype/ocr-b/OCRB.otf";
if (!GlobalFonts.registerFromPath(FONT, "OCRB-atlas")) throw new Error(`cannot load ${FONT} (apt-get install fonts-ocr-b)`);

const OVERSAMPLE = 4;
function capHeightAt(fontSize: number): number {
  const canvas = createCanvas(400, 400);
  const ctx = canvas.getContext("2d");
  ctx.font = `${fontSize}px OCRB-atlas`;
  const m = ctx.measureText("H");
  return m.actualBoundingBoxAscent;
}

const atlas: Record<string, Record<string, string>> = {};
for (const cap of TEMPLATE_CAP_HEIGHTS) {
  // Font size giving this cap height (cap height is linear in the size).
  const size = (100 * cap * OVERSAMPLE) / capHeightAt(100);
  const w = TEMPLATE_WIDTH * OVERSAMPLE;
  const h = TEMPLATE_HEIGHT * OVERSAMPLE;
  const glyphs: Record<string, string> = {};
  for (const ch of MRZ_ALPHABET) {
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = "#000";
    ctx.font = `${size}px OCRB-atlas`;
    ctx.textBaseline = "alphabetic";
    const advance = ctx.measureText(ch).width;
    ctx.fillText(ch, w / 2 - advance / 2, TEMPLATE_BASELINE * OVERSAMPLE);
    const rgba = ctx.getImageData(0, 0, w, h).data;
    // Box-filter down to the template's size.
    const out = new Uint8Array(TEMPLATE_WIDTH * TEMPLATE_HEIGHT);
    for (let y = 0; y < TEMPLATE_HEIGHT; y++) {
      for (let x = 0; x < TEMPLATE_WIDTH; x++) {
        let sum = 0;
        for (let dy = 0; dy < OVERSAMPLE; dy++)
          for (let dx = 0; dx < OVERSAMPLE; dx++) sum += rgba[((y * OVERSAMPLE + dy) * w + x * OVERSAMPLE + dx) * 4]!;
        out[y * TEMPLATE_WIDTH + x] = Math.round(sum / (OVERSAMPLE * OVERSAMPLE));
      }
    }
    glyphs[ch] = Buffer.from(out).toString("base64");
  }
  atlas[String(cap)] = glyphs;
}
const file = path.join(import.meta.dirname, "../../lib/server/documents/mrz/template/ocrb-glyphs.json");
writeFileSync(
  file,
  JSON.stringify({
    font: "OCRB.otf (fonts-ocr-b)",
    width: TEMPLATE_WIDTH,
    height: TEMPLATE_HEIGHT,
    baseline: TEMPLATE_BASELINE,
    glyphs: atlas,
  }) + "\n",
);
console.log(`wrote ${file}`);
