import type { SKRSContext2D } from "@napi-rs/canvas";
import { registerDocumentFonts, type Rect } from "./page-art";

/*
 * The MRZ printed as ICAO 9303 part 3 asks: OCR-B, one character per 2.54 mm cell (10 per
 * inch), cap height about 2.3 mm, each glyph centred in its cell.
 */
export type MrzFont = "OCRB" | "OCRBS";

export interface MrzDrawOptions {
  /** Pixels per millimetre of the page. */
  mm: number;
  /** Left edge of the first cell and the centre line of the first row, in mm. */
  leftMm: number;
  firstCentreMm: number;
  /** Distance between row centre lines, mm. */
  linePitchMm: number;
  font?: MrzFont;
  /** Extra stroke around each glyph in px (ink spread of a worn printer); 0 = none. */
  inkSpread?: number;
  /** Cap height in mm (ICAO: ~2.0–2.4). */
  capHeightMm?: number;
  color?: string;
}

// OCR-B's cap height is 0.71 em in both cuts (measured with canvas: "H" ascent 71 at 100 px).
const CAP_PER_EM = 0.71;
export const MRZ_CELL_MM = 2.54;

/** Draws the lines; returns each row's box in page pixels (cell-aligned, cap height tall). */
export function drawMrz(ctx: SKRSContext2D, lines: readonly string[], options: MrzDrawOptions): Rect[] {
  registerDocumentFonts();
  const { mm } = options;
  const cap = (options.capHeightMm ?? 2.3) * mm;
  const pitch = MRZ_CELL_MM * mm;
  const family = options.font === "OCRBS" ? "VerityOCRBS" : "VerityOCRB";
  ctx.save();
  ctx.font = `${(cap / CAP_PER_EM).toFixed(2)}px ${family}`;
  ctx.textBaseline = "alphabetic";
  ctx.textAlign = "center";
  ctx.fillStyle = options.color ?? "#101014";
  ctx.strokeStyle = options.color ?? "#101014";
  ctx.lineJoin = "round";
  ctx.lineWidth = options.inkSpread ?? 0;
  const boxes: Rect[] = [];
  lines.forEach((line, row) => {
    const centre = (options.firstCentreMm + row * options.linePitchMm) * mm;
    const baseline = centre + cap / 2;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i] as string;
      const x = options.leftMm * mm + (i + 0.5) * pitch;
      ctx.fillText(ch, x, baseline);
      if ((options.inkSpread ?? 0) > 0) ctx.strokeText(ch, x, baseline);
    }
    boxes.push({ x: options.leftMm * mm, y: baseline - cap, w: line.length * pitch, h: cap });
  });
  ctx.restore();
  return boxes;
}
