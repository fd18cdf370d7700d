// The file of real MRZ lines that collect-real-mrz-cells.ts writes and train-mrz-cells.ts reads
// (REAL_CELLS): JSON, one entry per set of straightened lines the engine cut from a picture.
import type { MrzLineImage } from "../../lib/server/documents/types";

/** One straightened line as stored: its geometry, its grey pixels (base64) and the truth it shows. */
export interface StoredMrzLine {
  w: number;
  h: number;
  chars: number;
  cellLeft: number;
  cellPitch: number;
  baseline: number;
  data: string;
  truth: string;
}

/** The lines cut from one reading of one picture (`variant` 0: as it is; others: a phone-like copy). */
export interface StoredMrzLineSet {
  file: string;
  /** From the held-apart source: measured, never trained on. */
  held: boolean;
  variant: number;
  lines: StoredMrzLine[];
}

export function storeMrzLine(line: MrzLineImage, truth: string): StoredMrzLine {
  return {
    w: line.width,
    h: line.height,
    chars: line.chars,
    cellLeft: line.cellLeft,
    cellPitch: line.cellPitch,
    baseline: line.baseline,
    data: Buffer.from(line.data).toString("base64"),
    truth,
  };
}

export function storedMrzLineImage(stored: StoredMrzLine): MrzLineImage {
  return {
    width: stored.w,
    height: stored.h,
    data: new Uint8Array(Buffer.from(stored.data, "base64")),
    chars: stored.chars,
    cellLeft: stored.cellLeft,
    cellPitch: stored.cellPitch,
    baseline: stored.baseline,
  };
}
