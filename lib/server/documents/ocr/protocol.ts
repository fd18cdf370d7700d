/** The messages between learned-ocr.ts and its process (learned-ocr-process.ts). */

export type OcrPoint = [number, number];

/** One line of text the learned OCR found: its text, mean character confidence (0–1), and its box in the input's pixels, corners clockwise from the top-left. */
export interface OcrLine {
  text: string;
  score: number;
  box: [OcrPoint, OcrPoint, OcrPoint, OcrPoint];
  /** The detected boxes this row was joined from, left to right, each read on its own (absent on a part). */
  parts?: OcrLine[];
}

export type LearnedOcrImage =
  { kind: "encoded"; bytes: Uint8Array } | { kind: "raw"; data: Uint8Array; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** A part of the page already read another way (an MRZ band, a line read upright): lines whose box's centre lies there are not recognised. */
export interface OcrSkipRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A detected line handed from the process that detected the page to one that recognises it: its place in the detector's order, its box (input pixels) and its upright RGBA crop. */
export interface HandedLine {
  place: number;
  box: [OcrPoint, OcrPoint, OcrPoint, OcrPoint];
  image: { data: Uint8Array; width: number; height: number };
}

/**
 * "read": detect a page and recognise its lines. `maxSide`: the detector's input size for this
 * page, its longer side in px (default: the process's MAX_SIDE). `share`: recognise only the
 * detected lines whose place k (in the detector's order, after the skipped ones) has
 * k % of === index, and hand the others back first ("handoff") for the other processes.
 * "recognise": read lines another process detected. The answer's lines are unjoined, each with its
 * place (`order`): the caller joins the rows.
 */
export type LearnedOcrRequest =
  | {
      type: "read";
      id: number;
      image: LearnedOcrImage;
      skip?: readonly OcrSkipRegion[];
      maxSide?: number;
      share?: { index: number; of: number };
    }
  | { type: "recognise"; id: number; lines: HandedLine[] };

export type LearnedOcrReply =
  | { type: "ready" }
  | { type: "load_failed"; message: string }
  | { type: "handoff"; id: number; lines: HandedLine[] }
  | { type: "result"; id: number; lines: OcrLine[]; order: number[] }
  | { type: "error"; id: number; message: string };
