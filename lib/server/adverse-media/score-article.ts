import { normalizeText } from "../aml/matching/normalize";
import type { Mention } from "./find-mentions";
import type { LexiconTerm } from "./lexicon";
import type { PreparedArticle } from "./prepare-corpus";

/*
 * How adverse the text around a mention is, the snippet shown for it, and whether the article
 * names the person's location. Adversity of the sentence holding the mention and its neighbours
 * (the neighbours' terms count at 0.75): the adverse terms combine as independent evidence,
 * 100 × (1 − Π(1 − weight/100)), each term once; exculpatory terms ("acquitted", "cleared of")
 * then take their weight off in percent, at most 90 %.
 */

const NEIGHBOUR = 0.75;
const MAX_REDUCTION = 90;
export const SNIPPET_CHARS = 300;

/** 0–100 (see the header). */
export function windowAdversity(a: PreparedArticle, terms: readonly LexiconTerm[], sentence: number): number {
  const strongest = new Map<number, number>();
  const last = Math.min(a.sentenceStart.length - 1, sentence + 1);
  for (let s = Math.max(0, sentence - 1); s <= last; s++) {
    const factor = s === sentence ? 1 : NEIGHBOUR;
    for (let h = a.hitStart[s]!; h < a.hitStart[s + 1]!; h++) {
      const id = a.hitTerms[h]!;
      const weight = terms[id]!.weight * factor;
      if (Math.abs(weight) > Math.abs(strongest.get(id) ?? 0)) strongest.set(id, weight);
    }
  }
  let kept = 1;
  let reduction = 0;
  for (const weight of strongest.values()) {
    if (weight > 0) kept *= 1 - weight / 100;
    else reduction -= weight;
  }
  return 100 * (1 - kept) * (1 - Math.min(reduction, MAX_REDUCTION) / 100);
}

function sentenceWeight(a: PreparedArticle, terms: readonly LexiconTerm[], s: number): number {
  let sum = 0;
  for (let h = a.hitStart[s]!; h < a.hitStart[s + 1]!; h++) sum += Math.abs(terms[a.hitTerms[h]!]!.weight);
  return sum;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** Sentences from..to as one line; the title is set off from the body by a dash. */
function sentences(a: PreparedArticle, from: number, to: number): string {
  const titleEnd = a.article.title.length;
  let out = "";
  for (let s = from; s <= to; s++) {
    if (s > from) out += a.sentenceEnd[s - 1]! <= titleEnd && a.sentenceStart[s]! > titleEnd ? " — " : " ";
    out += collapse(a.text.slice(a.sentenceStart[s]!, a.sentenceEnd[s]!));
  }
  return out;
}

/**
 * The mention's sentence, with its neighbours while they fit (the more adverse first), at most
 * SNIPPET_CHARS; a longer sentence is cut around the mention. The name stays as the article writes it.
 */
export function snippetFor(a: PreparedArticle, terms: readonly LexiconTerm[], mention: Mention): string {
  const s = mention.sentence;
  let from = s;
  let to = s;
  const neighbours = [s + 1, s - 1].filter((n) => n >= 0 && n < a.sentenceStart.length);
  neighbours.sort((x, y) => sentenceWeight(a, terms, y) - sentenceWeight(a, terms, x));
  for (const n of neighbours) {
    const f = Math.min(from, n);
    const t = Math.max(to, n);
    if (sentences(a, f, t).length <= SNIPPET_CHARS) [from, to] = [f, t];
  }
  const whole = sentences(a, from, to);
  if (whole.length <= SNIPPET_CHARS) return whole;
  // One long sentence: a window on the mention, cut at spaces, marked with ellipses.
  const room = SNIPPET_CHARS - 2;
  const [start, end] = [a.sentenceStart[s]!, a.sentenceEnd[s]!];
  const nameStart = a.starts[mention.from]!;
  const nameEnd = a.ends[mention.to - 1]!;
  let begin = Math.max(start, Math.min(nameStart - 80, end - room));
  let finish = Math.min(end, begin + room);
  if (begin > start) {
    const space = a.text.indexOf(" ", begin);
    if (space >= 0 && space < nameStart) begin = space + 1;
  }
  if (finish < end) {
    const space = a.text.lastIndexOf(" ", finish);
    if (space > nameEnd) finish = space;
  }
  return `${begin > start ? "…" : ""}${collapse(a.text.slice(begin, finish))}${finish < end ? "…" : ""}`;
}

export interface LocationPart {
  text: string;
  /** The part's words as the corpus numbers them (null: some word is nowhere in the articles' text). */
  words: number[] | null;
}

/** "Kraków, Poland" → its parts, folded: any one of them named counts. */
export function locationParts(location: string | undefined, wordIds: ReadonlyMap<string, number>): LocationPart[] {
  return (location ?? "")
    .split(/[,;/|]/)
    .map((part) => normalizeText(part))
    .filter(Boolean)
    .map((text) => {
      const words = text.split(" ").map((w) => wordIds.get(w));
      return { text, words: words.every((w) => w !== undefined) ? (words as number[]) : null };
    });
}

export function namesLocation(a: PreparedArticle, parts: readonly LocationPart[]): boolean {
  for (const { text, words } of parts) {
    if (a.location.includes(` ${text} `)) return true;
    if (!words) continue;
    for (let p = 0; p + words.length <= a.words.length; p++) {
      let k = 0;
      while (k < words.length && a.words[p + k] === words[k]) k++;
      if (k === words.length) return true;
    }
  }
  return false;
}
