import type { Segment } from "./text-layout";

/*
 * A value printed beside its label ("Bill date: 3 March 2026", "Account number  1234 5678"):
 * after the label in the same segment, else the nearest segment to its right on the same row,
 * else the segment just below the label (a label over its value).
 */

export interface LabelledValue {
  label: Segment;
  /** Candidate texts for the value, nearest first. */
  candidates: string[];
}

export function findLabelledValues(segments: Segment[], label: RegExp): LabelledValue[] {
  const found: LabelledValue[] = [];
  for (const seg of segments) {
    const m = seg.text.match(label);
    if (!m || m.index === undefined) continue;
    const candidates: string[] = [];
    const after = seg.text
      .slice(m.index + m[0].length)
      .replace(/^[\s:.\-–]+/, "")
      .trim();
    if (after) candidates.push(after);
    const right = segments
      .filter((s) => s !== seg && s.page === seg.page && s.row === seg.row && s.x0 >= seg.x1 - 1)
      .sort((a, b) => a.x0 - b.x0)[0];
    if (right) candidates.push(right.text);
    const below = segments
      .filter(
        (s) =>
          s !== seg &&
          s.page === seg.page &&
          s.y0 >= seg.y1 - 0.2 * seg.height &&
          s.y0 - seg.y1 < 1.2 * seg.height &&
          Math.abs(s.x0 - seg.x0) < 2 * seg.height,
      )
      .sort((a, b) => a.y0 - b.y0)[0];
    if (below) candidates.push(below.text);
    found.push({ label: seg, candidates });
  }
  return found;
}
