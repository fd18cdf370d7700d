/*
 * Text from either source (a PDF's text layer, or OCR of a scan or photo) becomes the same thing:
 * pieces of text with a box, grouped into rows and, within a row, into segments split at wide
 * gaps. A bill's address block and its reference panel often share rows ("MR J SMITH ... Bill
 * date: 3 March"), so a row is never read as one line: the panel's label and value are neighbours
 * on a row, the address lines are segments stacked at one left edge.
 */

export interface TextPiece {
  text: string;
  page: number;
  /** Box in page units, origin top-left (PDF points or image pixels: only ratios matter). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Segment {
  text: string;
  page: number;
  row: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Text height (a letterhead is much taller than body text). */
  height: number;
}

export interface PageLayout {
  segments: Segment[];
  /** Page sizes in the same units as the boxes, by page index. */
  pages: { width: number; height: number }[];
}

const middle = (p: { y0: number; y1: number }) => (p.y0 + p.y1) / 2;

export function layoutSegments(pieces: TextPiece[]): Segment[] {
  const out: Segment[] = [];
  const byPage = new Map<number, TextPiece[]>();
  for (const p of pieces) if (p.text.trim()) byPage.set(p.page, [...(byPage.get(p.page) ?? []), p]);
  let row = 0;
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const sorted = byPage.get(page)!.sort((a, b) => middle(a) - middle(b));
    const rows: TextPiece[][] = [];
    for (const piece of sorted) {
      const h = piece.y1 - piece.y0;
      const last = rows.at(-1);
      // Same row when the centres are within half the smaller height of every piece already in it
      // (not just the last one: on a photographed page two columns' lines interleave a little, and
      // a chain through the other column would join an address line to the name above it).
      if (last && last.every((ref) => Math.abs(middle(ref) - middle(piece)) < 0.5 * Math.min(h, ref.y1 - ref.y0))) last.push(piece);
      else rows.push([piece]);
    }
    for (const members of rows) {
      members.sort((a, b) => a.x0 - b.x0);
      let current: TextPiece[] = [];
      const flush = () => {
        if (!current.length) return;
        const height = Math.max(...current.map((p) => p.y1 - p.y0));
        out.push({
          text: current
            .map((p) => p.text.trim())
            .join(" ")
            .replace(/\s+/g, " "),
          page,
          row,
          x0: current[0]!.x0,
          x1: Math.max(...current.map((p) => p.x1)),
          y0: Math.min(...current.map((p) => p.y0)),
          y1: Math.max(...current.map((p) => p.y1)),
          height,
        });
        current = [];
      };
      for (const piece of members) {
        const prev = current.at(-1);
        const h = Math.max(piece.y1 - piece.y0, prev ? prev.y1 - prev.y0 : 0);
        // Words are ~0.3 em apart; columns and label/value pairs several em.
        // Text in another size a little way off is another column's ("…SAMPAIO" 10.5 pt, then "Date of bill:" 9 pt).
        const resized = prev && Math.abs(piece.y1 - piece.y0 - (prev.y1 - prev.y0)) > 0.1 * h;
        if (prev && (piece.x0 - prev.x1 > 1.6 * h || (resized && piece.x0 - prev.x1 > 0.3 * h))) flush();
        current.push(piece);
      }
      flush();
      row++;
    }
  }
  return out;
}

/** Segments in reading order: by page, row, then left to right. */
export function readingOrder(segments: Segment[]): Segment[] {
  return [...segments].sort((a, b) => a.page - b.page || a.row - b.row || a.x0 - b.x0);
}
