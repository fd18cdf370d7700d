import type { MrzFormat, MrzReading } from "../types";
import { parseMrz, type ParsedMrz } from "./parse-mrz";
import { applyPositionClasses, isNameCell } from "./position-classes";

/*
 * The acceptance rule of documents-lab.md, which gave zero false-valids in 440 images: every check
 * digit passes and the fields are well formed, AND either the two independent readers read the
 * same text, or every template cell beat its runner-up glyph by TEMPLATE_MARGIN. Anything else
 * asks for another capture. One correction is allowed, and never alone: where the readers
 * disagree only on cells that check digits cover, the one combination of their two readings that
 * passes every check digit is taken, if it is the only one (both readings are evidence; the check
 * digits choose). Names, which no check digit covers, must be read identically.
 */

/**
 * Lead of the best glyph over the runner-up that lets the template reader stand alone. The lab's
 * matcher was safe at 0.02; this one is not (a hard photo read DAVIES as OAVIES with every margin
 * ≥ 0.042; right cells' 5th percentile is 0.078), so it stands alone only far above that.
 */
export const TEMPLATE_MARGIN = 0.1;
/** More disagreements than this is a bad capture, not a few doubtful cells. */
const MAX_MERGE_CELLS = 6;

export type MrzAcceptance = "readers_agree" | "template_confident" | "check_digits_choose";

export type MrzDecision =
  | { accepted: true; lines: string[]; parsed: ParsedMrz; by: MrzAcceptance; corrected: boolean }
  | {
      accepted: false;
      /** Why not: for the retake hint and for reviewers. */
      reason: "check_digits_fail" | "readers_disagree" | "names_disagree" | "too_many_disagreements";
      /** The best reading, never to be trusted: what reviewers see beside the refusal. */
      bestGuess: string[];
      /** Lines (0-based) where the readings went wrong: "the bottom lines are blurred". */
      badLines: number[];
    };

/**
 * Joins two independent readings of one band. `template` is the first reading (the template
 * matcher's, whose margins may let it stand alone; any other reader's never do), `tesseract` the
 * second (any other reader).
 */
export function acceptMrz(format: MrzFormat, template: MrzReading, tesseract: MrzReading | null, now = new Date()): MrzDecision {
  const t = applyPositionClasses(format, template.lines);
  const parsedT = parseMrz(t, now);
  const s = tesseract ? applyPositionClasses(format, tesseract.lines) : null;

  if (s && sameLines(s, t) && parsedT.valid) return { accepted: true, lines: t, parsed: parsedT, by: "readers_agree", corrected: false };
  // Only the template matcher's margins mean "the runner-up glyph was far behind".
  const minMargin = template.reader === "template" ? Math.min(...template.confidence.flat()) : -1;
  if (parsedT.valid && minMargin >= TEMPLATE_MARGIN)
    return { accepted: true, lines: t, parsed: parsedT, by: "template_confident", corrected: false };

  const badLines = new Set<number>(parsedT.invalidFields.map((f) => f.line));
  if (!s || s.length !== t.length || s.some((line, i) => line.length !== t[i]!.length)) {
    return { accepted: false, reason: parsedT.valid ? "readers_disagree" : "check_digits_fail", bestGuess: t, badLines: [...badLines] };
  }
  const diffs: [number, number][] = [];
  t.forEach((line, li) => [...line].forEach((ch, ci) => ch !== s[li]![ci] && diffs.push([li, ci])));
  diffs.forEach(([li]) => badLines.add(li));
  if (diffs.some(([li, ci]) => isNameCell(format, li, ci)))
    return { accepted: false, reason: "names_disagree", bestGuess: t, badLines: [...badLines] };
  if (diffs.length === 0) return { accepted: false, reason: "check_digits_fail", bestGuess: t, badLines: [...badLines] };
  if (diffs.length > MAX_MERGE_CELLS) return { accepted: false, reason: "too_many_disagreements", bestGuess: t, badLines: [...badLines] };

  // Every mix of the two readings over the disputed cells; keep those whose check digits pass.
  const passing: { lines: string[]; parsed: ParsedMrz }[] = [];
  for (let mask = 1; mask < 1 << diffs.length; mask++) {
    const lines = t.map((line) => [...line]);
    diffs.forEach(([li, ci], bit) => {
      if (mask & (1 << bit)) lines[li]![ci] = s[li]![ci]!;
    });
    const candidate = lines.map((chars) => chars.join(""));
    const parsed = parseMrz(candidate, now);
    if (parsed.valid) passing.push({ lines: candidate, parsed });
  }
  if (parsedT.valid) passing.push({ lines: t, parsed: parsedT });
  const [only] = passing;
  if (only && passing.length === 1)
    return { accepted: true, lines: only.lines, parsed: only.parsed, by: "check_digits_choose", corrected: !sameLines(only.lines, t) };
  return {
    accepted: false,
    reason: passing.length === 0 ? "check_digits_fail" : "readers_disagree",
    bestGuess: t,
    badLines: [...badLines],
  };
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}
