import type { MrzFormat, MrzReading } from "../types";
import { parseMrz, type ParsedMrz } from "./parse-mrz";
import { applyPositionClasses, isNameCell, isUntestedCell, outsideClass, stateFieldAt, stateFields } from "./position-classes";

/*
 * The acceptance rule of documents-lab.md, which gave zero false-valids in 440 images: every check
 * digit passes and the fields are well formed, AND either two independent readers read the same
 * text, or every template cell beat its runner-up glyph by TEMPLATE_MARGIN and a second reader
 * read the names alike. Where two readers disagree on a few cells that check digits cover, each of
 * those cells must be settled by further independent readings of it (witnesses: the other readers
 * of the same band), and only then do the check digits test the result. They never choose among
 * readings: with a mod-10 check digit, one wrong string in ten passes, and every combination tried
 * is another draw (issue 33: a German card's 1220004047 was accepted as 122ODO4D47 when the
 * combination that passed was taken). A cell no check digit tests (the names, the document code,
 * the issuing state, nationality, sex) is settled only on more evidence (NAME_CELL_WITNESSES), and
 * the template matcher never stands alone on those cells.
 */

/**
 * Lead of the best glyph over the runner-up that lets the template reader stand alone. The lab's
 * matcher was safe at 0.02; this one is not (a hard photo read DAVIES as OAVIES with every margin
 * ≥ 0.042; right cells' 5th percentile is 0.078), so it stands alone only far above that.
 */
export const TEMPLATE_MARGIN = 0.1;
/**
 * Witnesses (readings beside the disputing pair's) that must see a disputed cell's glyph, none
 * seeing the other's, for it to be settled where no check digit tests it after (a name, the issuing
 * state, nationality, sex, the document code): two, where one settles a cell a check digit tests.
 * Issue 33: a blind set's Irish passport in perspective was accepted as issued by "ZRL" (the
 * template matcher read IRL, Tesseract and the cell classifier Z for the I), one witness settling
 * a cell nothing tests after.
 */
export const NAME_CELL_WITNESSES = 2;
/**
 * Further readings (beside the pair's) that must read a state code ICAO does not list, letter for
 * letter, for a reading naming it to be accepted. No check digit tests a state code; the list does:
 * a misread letter rarely makes another listed code (about 250 of 17,576), so a listed code read
 * alike by two readers stands, while an unlisted one (a specimen's UTO, a code newer than the list,
 * or a misread) needs one more reader's word. Issue 33: the pair's readers share mistakes (the cell
 * classifier and Tesseract both read I as Z): an Irish passport in perspective was accepted as
 * issued by "ZRL" and a Liechtenstein card as "LZE", every reading beside the pair's reading the I.
 */
export const UNLISTED_STATE_WITNESSES = 1;
/** More disagreements than this is a bad capture, not a few doubtful cells. */
const MAX_MERGE_CELLS = 6;

/** How the text was accepted: two readers alike, the template matcher alone and sure, or the disputed cells settled by witnesses. */
export type MrzAcceptance = "readers_agree" | "template_confident" | "witnesses_settle";

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
 * second (any other reader). `witnesses`: further readings of the same band (other readers,
 * scales or binarisations), consulted only on the cells the two dispute.
 */
export function acceptMrz(
  format: MrzFormat,
  template: MrzReading,
  tesseract: MrzReading | null,
  now = new Date(),
  witnesses: readonly (MrzReading | null)[] = [],
): MrzDecision {
  const t = applyPositionClasses(format, template.lines);
  const parsedT = parseMrz(t, now);
  const s = tesseract ? applyPositionClasses(format, tesseract.lines) : null;
  // The witnesses' lines at the pair's cells: a line of another length is heard only where its
  // words line up with the pair's (alignWitnessLine), else left empty.
  const others = witnesses
    .filter((w): w is MrzReading => !!w && w.lines.length === t.length)
    .map((w) => w.lines.map((line, i) => (line.length === t[i]!.length || !s ? line : alignWitnessLine(line, t[i]!, s[i]!))))
    .map((lines) => applyPositionClasses(format, lines));
  const refused = (reason: Extract<MrzDecision, { accepted: false }>["reason"], badLines: Iterable<number>): MrzDecision => ({
    accepted: false,
    reason,
    bestGuess: t,
    badLines: [...badLines],
  });
  // Every acceptance below names only states ICAO lists, or unlisted ones another reader read alike.
  const accept = (lines: string[], parsed: ParsedMrz, by: MrzAcceptance): MrzDecision => {
    const unlisted = unlistedStateFields(format, lines, parsed);
    return unlistedStatesSeen(lines, unlisted, others)
      ? { accepted: true, lines, parsed, by, corrected: !sameLines(lines, t) }
      : refused("readers_disagree", new Set(unlisted.map(([li]) => li)));
  };

  if (s && sameLines(s, t) && parsedT.valid) return accept(t, parsedT, "readers_agree");
  // Only the template matcher's margins mean "the runner-up glyph was far behind". They may stand
  // alone only where check digits test them: the cells none covers (names, issuing state,
  // nationality, sex, code) must be read the same by a second reader (issue 33: a page turned 15°
  // was accepted on the template's margins alone with a wrong letter at the end of the name line).
  const minMargin = template.reader === "template" ? Math.min(...template.confidence.flat()) : -1;
  if (parsedT.valid && minMargin >= TEMPLATE_MARGIN && s && sameUntested(format, t, s)) return accept(t, parsedT, "template_confident");

  const badLines = new Set<number>(parsedT.invalidFields.map((f) => f.line));
  if (!s || !sameShape(s, t)) {
    return refused(parsedT.valid ? "readers_disagree" : "check_digits_fail", badLines);
  }
  const diffs: [number, number][] = [];
  t.forEach((line, li) => [...line].forEach((ch, ci) => ch !== s[li]![ci] && diffs.push([li, ci])));
  diffs.forEach(([li]) => badLines.add(li));
  if (diffs.length === 0) return refused("check_digits_fail", badLines);
  if (diffs.length > MAX_MERGE_CELLS) return refused("too_many_disagreements", badLines);

  // Each disputed cell is settled by evidence about that cell alone: a further reading that sees one
  // of the two glyphs there (and none that sees the other), the glyph allowed by the field's class.
  // The check digits then test the settled text; they never choose it (issue 33: trying every mix
  // and keeping "the one that passes" made a mod-10 check a search, and a wrong number passed).
  // A witness counts on the lines it read whole: a reader that lost glyphs on the name line still
  // read the number line (issue 33: the learned OCR read a second OCR-B cut's zeros right on the
  // number line and was not heard, its name line being a few glyphs short). A line of another length
  // is heard only where its words line up with the pair's (alignWitnessLine: fillers dropped from a
  // run of them), else left empty, and an empty line speaks for neither glyph.
  // A cell no check digit will test after (a name, the issuing state, nationality, sex, the code)
  // needs NAME_CELL_WITNESSES readings beside the pair's own that see its glyph (issue 33: small
  // print's chevrons read as K by the learned OCR and a letter read as another by one reader, while
  // every other reader of the cell saw the same glyph; an issuing state IRL settled as ZRL by one).
  // A witness is heard on a glyph only where it has not shown, on the cells the pair read alike,
  // that it reads that glyph for the other (issue 33: Tesseract read every 0 of a passport's number
  // as O, and its O "settled" the cells the template had read as O: 00O0O0OOO0 passes the number's
  // check digit as 0000000000 does, O weighing 24).
  const heard = others.map((w) => credibleWitness(t, s, w));
  const settled = t.map((line) => [...line]);
  // A state code's cell settled on one witness is tested after as a check digit tests its field:
  // the code must be one ICAO lists (a misread letter rarely makes another state's code: about 250
  // of 17,576). Where it is not (a specimen's UTO, a code newer than the list), two witnesses are needed.
  const statesOnOneWitness: [number, number, number][] = [];
  for (const [li, ci] of diffs) {
    const name = isNameCell(format, li, ci);
    const state = stateFieldAt(format, li, ci);
    const untested = isUntestedCell(format, li, ci);
    const a = t[li]![ci]!;
    const b = s[li]![ci]!;
    let glyph = settleCell(format, li, ci, a, b, heard, untested ? NAME_CELL_WITNESSES : 1);
    if (!glyph && state) {
      glyph = settleCell(format, li, ci, a, b, heard, 1);
      if (glyph) statesOnOneWitness.push([li, state[0], state[1]]);
    }
    if (!glyph) return refused(name ? "names_disagree" : "readers_disagree", badLines);
    settled[li]![ci] = glyph;
  }
  const lines = settled.map((chars) => chars.join(""));
  const parsed = parseMrz(lines, now);
  if (!parsed.valid) return refused("check_digits_fail", badLines);
  if (statesOnOneWitness.some(([li, start, end]) => !knownState(lines[li]!.slice(start, end), parsed)))
    return refused("readers_disagree", badLines);
  return accept(lines, parsed, "witnesses_settle");
}

/** The reading's state code fields (line, [start, end)) whose code ICAO does not list (parseMrz's unknownStates). */
function unlistedStateFields(format: MrzFormat, lines: readonly string[], parsed: ParsedMrz): (readonly [number, number, number])[] {
  return stateFields(format).filter(([li, start, end]) => !knownState(lines[li]!.slice(start, end), parsed));
}

/**
 * True when the code of every one of `fields` (unlistedStateFields) is read letter for letter the
 * same by UNLISTED_STATE_WITNESSES of the other readings of the band.
 */
function unlistedStatesSeen(
  lines: readonly string[],
  fields: readonly (readonly [number, number, number])[],
  witnesses: readonly (readonly string[])[],
): boolean {
  return fields.every(([li, start, end]) => {
    const code = lines[li]!.slice(start, end);
    return witnesses.filter((w) => w[li]?.slice(start, end) === code).length >= UNLISTED_STATE_WITNESSES;
  });
}

/**
 * The gate on each pair of readers in turn, every other reading of the band a witness for the
 * cells the pair disputes: the first accepted decision, else the last tried (null when none was).
 * A pair's first reader is the one whose margins are looked at (only the template matcher's may let
 * it stand alone), so a pair with a null second reader is tried only where the first is the
 * template matcher. Any two readers may be a pair: on print unlike the font's drawing (issue 33,
 * the held-apart source) the template matcher is the weakest reader, and the cell classifier and
 * Tesseract reading alike, the template matcher their witness, is the same evidence as any pair.
 */
export function acceptPairs(
  format: MrzFormat,
  pairs: readonly (readonly [MrzReading, MrzReading | null])[],
  readings: readonly MrzReading[],
  now: Date,
): MrzDecision | null {
  let last: MrzDecision | null = null;
  for (const [a, b] of pairs) {
    if (!b && a.reader !== "template") continue;
    last = acceptMrz(
      format,
      a,
      b,
      now,
      readings.filter((r) => r !== a && r !== b),
    );
    if (last.accepted) return last;
  }
  return last;
}

/**
 * The glyph of a cell two readings dispute (`a`, `b`), or null when the other readings do not
 * settle it: at least one of them reads one of the two there, none reads the other, and the glyph
 * may stand in the field (a letter is never settled into a digit-only field). A third glyph read
 * by a witness counts for neither, and so does a line the witness did not read whole (left empty).
 */
export function settleCell(
  format: MrzFormat,
  line: number,
  index: number,
  a: string,
  b: string,
  witnesses: readonly (readonly string[])[],
  needed = 1,
): string | null {
  let forA = 0;
  let forB = 0;
  for (const w of witnesses) {
    const seen = w[line]?.[index];
    if (seen === a) forA++;
    else if (seen === b) forB++;
  }
  const winner = forA >= needed && forB === 0 ? a : forB >= needed && forA === 0 ? b : null;
  return winner && !outsideClass(format, line, index, winner) ? winner : null;
}

/**
 * A witness's lines as heard: a glyph it reads at a cell is blanked ("?", which speaks for neither
 * side) where, on a cell the pair read alike as another glyph, the witness read this one: it has
 * shown that it reads the other glyph as this one, so its reading of this glyph is no evidence
 * between the two. Its other glyphs are heard as they are.
 */
export function credibleWitness(a: readonly string[], b: readonly string[], witness: readonly string[]): string[] {
  // "x>y": where the pair read x alike, the witness read y.
  const mistaken = new Set<string>();
  a.forEach((line, li) => {
    const seen = witness[li];
    if (!seen) return;
    for (let ci = 0; ci < line.length; ci++) {
      const agreed = line[ci]!;
      if (b[li]?.[ci] === agreed && seen[ci] !== undefined && seen[ci] !== agreed) mistaken.add(`${agreed}>${seen[ci]}`);
    }
  });
  if (mistaken.size === 0) return [...witness];
  return witness.map((line, li) =>
    Array.from(line, (glyph, ci) => {
      const x = a[li]?.[ci];
      const y = b[li]?.[ci];
      if (x === undefined || y === undefined || x === y) return glyph;
      // Disputed: the witness's glyph is one side's; is it the glyph it has read for the other side's?
      const other = glyph === x ? y : glyph === y ? x : null;
      return other !== null && mistaken.has(`${other}>${glyph}`) ? "?" : glyph;
    }).join(""),
  );
}

/** A state code field's text that parseMrz took for a state ICAO lists (a valid reading names no unknown three-letter code). */
function knownState(code: string, parsed: ParsedMrz): boolean {
  return !parsed.unknownStates.includes(code);
}

/** Two readings of the same shape that read every cell no check digit tests alike. */
function sameUntested(format: MrzFormat, a: readonly string[], b: readonly string[]): boolean {
  return sameShape(a, b) && a.every((line, li) => [...line].every((ch, ci) => !isUntestedCell(format, li, ci) || ch === b[li]![ci]));
}

/** As many lines, each as long. */
function sameShape(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line.length === b[i]!.length);
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/** The line's runs: maximal stretches of fillers or of other glyphs, with where each starts. */
function runsOf(line: string): { filler: boolean; start: number; text: string }[] {
  const runs: { filler: boolean; start: number; text: string }[] = [];
  for (let i = 0; i < line.length; i++) {
    const filler = line[i] === "<";
    const last = runs.at(-1);
    if (last && last.filler === filler) last.text += line[i];
    else runs.push({ filler, start: i, text: line[i]! });
  }
  return runs;
}

/**
 * A witness's line of another length than the pair's, laid onto the pair's cells where its words
 * line up with theirs: the same words (runs of glyphs between fillers) in the same order, each as
 * long as the pair's, and only its runs of fillers shorter (the learned recogniser drops chevrons
 * from a run of them, and the rest of its line is a reading of the cells it kept). Each word's
 * glyphs are heard at their cells, a run of fillers as long as the pair's at its cells, every other
 * cell "?" (speaks for neither side). The words are taken from either reading of the pair (they may
 * dispute a filler). Anything else (a word longer or shorter, a word more or less) is no alignment:
 * the line is left empty, as before.
 */
export function alignWitnessLine(witness: string, a: string, b: string): string {
  const seen = runsOf(witness);
  for (const reference of [a, b]) {
    const cells = runsOf(reference);
    // A run of fillers at either end may be missing from the witness altogether.
    const words = cells.filter((r) => !r.filler);
    const theirs = seen.filter((r) => !r.filler);
    if (words.length === 0 || words.length !== theirs.length || words.some((w, k) => w.text.length !== theirs[k]!.text.length)) continue;
    const out = Array.from(reference, () => "?");
    let k = 0;
    let fits = true;
    for (let j = 0; j < seen.length && fits; j++) {
      const run = seen[j]!;
      if (!run.filler) {
        const word = words[k++]!;
        for (let c = 0; c < run.text.length; c++) out[word.start + c] = run.text[c]!;
        continue;
      }
      // The filler run between the words it lies between (or before the first, after the last).
      const gap = cells.find((r) => r.filler && (k === 0 ? r.start === 0 : r.start === words[k - 1]!.start + words[k - 1]!.text.length));
      if (!gap || run.text.length > gap.text.length) fits = false;
      else if (run.text.length === gap.text.length) for (let c = 0; c < gap.text.length; c++) out[gap.start + c] = "<";
    }
    if (fits) return out.join("");
  }
  return "";
}
