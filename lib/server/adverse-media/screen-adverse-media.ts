import { queryKeys } from "../aml/matching/blocking-keys";
import { makeToken, nameWords, TokenKind, type NameToken } from "../aml/matching/normalize";
import { tokenSimilarity } from "../aml/matching/score-name";
import type { CorpusArticle } from "./articles";
import { NameMatcher, type Mention } from "./find-mentions";
import { prepareCorpus, type PreparedCorpus } from "./prepare-corpus";
import { locationParts, namesLocation, snippetFor, windowAdversity } from "./score-article";

/*
 * The adverse-media check, as the vendor API it stands in for answers it: every article naming
 * the person, scored 0–100 = how surely it names them (find-mentions.ts) × how adverse the text
 * around the name is (score-article.ts, lexicon.ts), plus LOCATION_BONUS when the article names
 * their location; FAIL when any score reaches the threshold. Only articles sharing a folded word
 * with the first and with the last name (the AML matcher's blocking keys) are read, so a
 * screening costs what the person's namesakes cost, not what the corpus does.
 */

export interface AdverseMediaInput {
  first_name: string;
  middle_names?: string;
  last_name: string;
  location?: string;
  /** 0–100, default DEFAULT_THRESHOLD. */
  threshold?: number;
}

export interface Article {
  title: string;
  link: string;
  source: string;
  published_at: string | null;
  snippet: string;
  score: number;
}

export interface AdverseMediaResult {
  status: "PASS" | "FAIL";
  threshold: number;
  strong_matches: Article[];
  all_results: Article[];
}

export const DEFAULT_THRESHOLD = 70;
export const LOCATION_BONUS = 5;

const tokens = (name: string | undefined): NameToken[] => (name ? nameWords(name).map((w) => makeToken(w)) : []);

/** The corpus words like `token`, found through the blocking keys (and its initial, for a first name). */
function wordsLike(corpus: PreparedCorpus, token: NameToken | undefined, withInitial: boolean): Set<number> {
  const found = new Set<number>();
  if (!token) return found;
  for (const key of queryKeys(token)) {
    for (const w of corpus.keys.get(key) ?? []) if (tokenSimilarity(token, corpus.words[w]!) > 0) found.add(w);
  }
  const initial = withInitial && token.kind === TokenKind.Full ? corpus.wordIds.get(token.text[0]!) : undefined;
  if (initial !== undefined) found.add(initial);
  return found;
}

/** Articles with a capitalised word of each set. */
function candidates(corpus: PreparedCorpus, first: Set<number>, last: Set<number>): number[] {
  const { postingStart, postings } = corpus;
  const reached = new Uint8Array(corpus.articles.length);
  for (const w of last) for (let p = postingStart[w]!; p < postingStart[w + 1]!; p++) reached[postings[p]!] = 1;
  const out: number[] = [];
  for (const w of first) {
    for (let p = postingStart[w]!; p < postingStart[w + 1]!; p++) {
      const n = postings[p]!;
      if (reached[n] === 1) {
        reached[n] = 2;
        out.push(n);
      }
    }
  }
  return out.sort((x, y) => x - y);
}

const firstFull = (name: NameToken[]) => name.find((t) => t.kind !== TokenKind.Particle);

/**
 * Screens one person against a corpus: prepared once with prepareCorpus for repeated screenings,
 * or a plain article list (prepared on the spot). The input is expected checked by the contract;
 * a threshold outside 0–100 is a caller's bug.
 */
export function screenAdverseMedia(input: AdverseMediaInput, corpus: PreparedCorpus | readonly CorpusArticle[]): AdverseMediaResult {
  const threshold = input.threshold ?? DEFAULT_THRESHOLD;
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 100)
    throw new RangeError(`threshold must be between 0 and 100, got ${threshold}`);
  const prepared = Array.isArray(corpus) ? prepareCorpus(corpus as readonly CorpusArticle[]) : (corpus as PreparedCorpus);
  const query = { first: tokens(input.first_name), middle: tokens(input.middle_names), last: tokens(input.last_name) };
  const firstWords = wordsLike(prepared, firstFull(query.first), true);
  const lastWords = wordsLike(prepared, firstFull(query.last), false);
  const matcher = new NameMatcher(query, prepared.words, firstWords, lastWords);
  const location = locationParts(input.location, prepared.wordIds);
  const terms = prepared.lexicon.terms;

  const results: Article[] = [];
  for (const n of candidates(prepared, firstWords, lastWords)) {
    const a = prepared.articles[n]!;
    const mentions = matcher.find(a);
    if (mentions.length === 0) continue;
    // The strongest mention: surest × most adverse, the first of equals.
    let best: Mention = mentions[0]!;
    let bestValue = -1;
    for (const mention of mentions) {
      const value = mention.confidence * windowAdversity(a, terms, mention.sentence);
      if (value > bestValue || (value === bestValue && mention.confidence > best.confidence)) [best, bestValue] = [mention, value];
    }
    const bonus = location.length && namesLocation(a, location) ? LOCATION_BONUS : 0;
    const { title, link, source, published_at } = a.article;
    results.push({
      title,
      link,
      source,
      published_at,
      snippet: snippetFor(a, terms, best),
      score: Math.round(Math.max(0, Math.min(100, bestValue + bonus))),
    });
  }
  results.sort((x, y) => y.score - x.score || (y.published_at ?? "").localeCompare(x.published_at ?? "") || x.link.localeCompare(y.link));
  const strong = results.filter((r) => r.score >= threshold);
  return { status: strong.length ? "FAIL" : "PASS", threshold, strong_matches: strong, all_results: results };
}
