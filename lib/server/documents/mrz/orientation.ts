import { MRZ_LINE_CAP_HEIGHT, type MrzLineImage } from "../types";
import { rotate180 } from "../image/rotate-180";
import { calibrationScore } from "./template-reader";

/*
 * Which way up the band is, judged before anything is read. The locator finds the MRZ's lines
 * whichever way up the page lies; reading them the wrong way up costs a full pass of all three
 * readers for nothing (issue 11: the hard set's slowest photos were the ones read twice). The
 * located lines turned half a turn are the band the other way up, so both ways are compared on the
 * template matcher's calibration sample (its best OCR-B match on a few cells per line): a clear lead
 * decides alone, a smaller one only which way is read first; with neither both ways are read as before.
 */

export type Orientation = "upright" | "upside_down" | "unsure";

/**
 * Mean lead per sampled cell of the better way up (correlation units, one template set, 8 cells a
 * line). Measured on the bench's 400 generated documents (2026-11-25): every clean, phone-like and
 * second-cut band led upright by ≥ 0.127; on the hard set, upright bands led by ≥ 0.094 but one
 * (0.020), upside-down bands by ≤ −0.093 but one (−0.043); no band was ever judged the wrong way.
 * A lead of SURE decides alone (the other way is never read); a lead of LEANS only says which way
 * to read first.
 */
const SURE = 0.08;
const LEANS = 0.04;

export function judgeOrientation(lines: MrzLineImage[]): { orientation: Orientation; sure: boolean; lead: number } {
  if (lines.length === 0) return { orientation: "unsure", sure: false, lead: 0 };
  let upright = 0;
  let turned = 0;
  let cells = 0;
  for (const line of lines) {
    const a = calibrationScore(line);
    const b = calibrationScore(turnLine(line));
    upright += a.total;
    turned += b.total;
    cells += a.cells;
  }
  const lead = (upright - turned) / Math.max(1, cells);
  const orientation = lead >= LEANS ? "upright" : lead <= -LEANS ? "upside_down" : "unsure";
  return { orientation, sure: Math.abs(lead) >= SURE, lead };
}

/** The line turned half a turn: its pixels reversed, the cells and the baseline where they land. */
export function turnLine(line: MrzLineImage): MrzLineImage {
  const turned = rotate180(line);
  return {
    ...turned,
    chars: line.chars,
    cellPitch: line.cellPitch,
    cellLeft: line.width - (line.cellLeft + line.chars * line.cellPitch),
    // The top of the capitals becomes the bottom: the new baseline is where the cap line was.
    baseline: line.height - 1 - (line.baseline - MRZ_LINE_CAP_HEIGHT),
  };
}
