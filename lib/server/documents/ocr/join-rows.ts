import type { OcrLine, OcrPoint } from "./protocol";

/*
 * The learned detector's boxes joined into rows of text: boxes whose midlines are within half the
 * mean box height, left to right, as Ocr.detect did (their text joined by spaces, the row's box
 * from the first box's start to the last one's end). Each row keeps its boxes as `parts` (a label
 * and its value across a gap stay apart there). learned-ocr.ts joins the OCR processes' lines
 * along the picture's axes; the MRZ engine joins again along a tilted page's own text direction
 * (mrz/learned/text-frame.ts) by giving the coordinates along (`u`) and across (`v`) the text.
 * Boxes' corners must be in reading order (top-left of the text first, clockwise).
 */

const alongX = (p: OcrPoint) => p[0];
const downY = (p: OcrPoint) => p[1];

export function joinRows(boxes: readonly OcrLine[], u: (p: OcrPoint) => number = alongX, v: (p: OcrPoint) => number = downY): OcrLine[] {
  if (!boxes.length) return [];
  const mid = (b: OcrLine) => (v(b.box[0]) + v(b.box[2])) / 2;
  const meanHeight = boxes.reduce((s, b) => s + (v(b.box[2]) - v(b.box[0])), 0) / boxes.length;
  const rows: OcrLine[][] = [];
  for (const b of boxes) {
    const row = rows.find((r) => Math.abs(mid(r[0]!) - mid(b)) < meanHeight / 2);
    if (row) row.push(b);
    else rows.push([b]);
  }
  for (const row of rows) row.sort((a, b) => u(a.box[0]) - u(b.box[0]));
  rows.sort((a, b) => v(a[0]!.box[0]) - v(b[0]!.box[0]));
  return rows.map(rowOf);
}

/** One row from its boxes, in reading order (at least one): their text joined by spaces, the box from the first's start to the last's end. */
export function rowOf(boxes: readonly OcrLine[]): OcrLine {
  const first = boxes[0]!;
  const last = boxes.at(-1)!;
  return {
    text: boxes.map((b) => b.text).join(" "),
    score: boxes.reduce((s, b) => s + b.score, 0) / boxes.length,
    box: [first.box[0], last.box[1], last.box[2], first.box[3]],
    parts: boxes.map(({ parts: _parts, ...part }) => part),
  };
}
