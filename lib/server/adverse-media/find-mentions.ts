import { TokenKind, type NameToken } from "../aml/matching/normalize";
import { tokenSimilarity } from "../aml/matching/score-name";
import type { PreparedArticle } from "./prepare-corpus";
import { CAP, COMMA, JOIN } from "./scan-text";

/*
 * Where an article names the person screened, and how sure that is (0–1). Words are compared with
 * the AML matcher's tokenSimilarity (same word 1, transliteration variant 0.98, typo or
 * sound-alike a little less), and a mention's confidence is the product of its words' likeness
 * and of its form:
 *   First [Middle] Last 1 · middle name given, none written 0.95 · a middle name written that
 *   the query did not give 0.9 · one that contradicts the given one 0.6 · "Last, First" or
 *   family name first ("Wang Xiaoming") 0.85 · an initial for the first name ("J. Smith") × 0.6 ·
 *   the surname alone or after a title ("Mr Smith") 0.9 × the article's best full mention, and
 *   only when no one else of that surname is named in the article.
 * Name words must be written capitalised (joining words like "al", "van" aside): "the king said"
 * does not name Mr King.
 */

const MIDDLE_ABSENT = 0.95;
const MIDDLE_EXTRA = 0.9;
const MIDDLE_CONTRADICTED = 0.6;
const REVERSED = 0.85;
const INITIAL_ONLY = 0.6;
const SURNAME_ONLY = 0.9;
/** An article's joining word the query lacks ("Ahmed al-Rashid" for "Ahmed Rashid"). */
const SKIPPED_PARTICLE = 0.97;
/** Most written middle names between a first and a last name. */
const MAX_MIDDLE = 3;

/** Capitalised words that may stand before a surname without being someone's first name. */
const HONORIFICS = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "mx",
  "dr",
  "prof",
  "professor",
  "sir",
  "dame",
  "lord",
  "lady",
  "judge",
  "justice",
  "detective",
  "inspector",
  "officer",
  "sergeant",
  "senator",
  "minister",
  "president",
  "chairman",
  "chairwoman",
  "director",
  "councillor",
  "rev",
  "father",
  "sheikh",
  "general",
  "colonel",
  "captain",
]);
const FUNCTION_WORDS = new Set([
  "the",
  "a",
  "an",
  "and",
  "but",
  "or",
  "so",
  "yet",
  "when",
  "while",
  "after",
  "before",
  "as",
  "if",
  "then",
  "however",
  "meanwhile",
  "later",
  "earlier",
  "yesterday",
  "today",
  "in",
  "on",
  "at",
  "for",
  "of",
  "by",
  "with",
  "from",
  "to",
  "that",
  "this",
  "his",
  "her",
  "their",
  "its",
  "also",
  "both",
  "since",
  "until",
  "although",
  "though",
  "because",
  "where",
  "said",
  "says",
  "according",
]);

export interface QueryName {
  first: NameToken[];
  middle: NameToken[];
  last: NameToken[];
}

export interface Mention {
  /** Tokens [from, to) of the article. */
  from: number;
  to: number;
  confidence: number;
  sentence: number;
}

interface Run {
  end: number;
  sim: number;
  initial: boolean;
}

export class NameMatcher {
  private readonly sims = new Map<NameToken, Map<number, number>>();
  private readonly givenMiddle: NameToken[];

  constructor(
    private readonly query: QueryName,
    private readonly words: readonly NameToken[],
    /** Words that may start a mention: like the first name (or its initial) and like the last name. */
    private readonly firstWords: ReadonlySet<number>,
    private readonly lastWords: ReadonlySet<number>,
  ) {
    this.givenMiddle = query.middle.filter((t) => t.kind !== TokenKind.Particle);
  }

  private sim(q: NameToken, word: number): number {
    let cache = this.sims.get(q);
    if (!cache) this.sims.set(q, (cache = new Map()));
    let s = cache.get(word);
    if (s === undefined) cache.set(word, (s = tokenSimilarity(q, this.words[word]!)));
    return s;
  }

  /** The query's words written in order from token `pos` (joining words optional on both sides). */
  private run(a: PreparedArticle, query: readonly NameToken[], pos: number, joinFirst: boolean, allowInitial: boolean): Run | null {
    let p = pos;
    let sim = 1;
    let initial = false;
    let skipped = false;
    for (let i = 0; i < query.length; i++) {
      const q = query[i]!;
      const joined = p < a.words.length && ((p === pos && !joinFirst) || (a.flags[p]! & JOIN) !== 0);
      if (!joined) {
        if (q.kind === TokenKind.Particle) continue;
        return null;
      }
      const word = this.words[a.words[p]!]!;
      if (q.kind === TokenKind.Particle) {
        if (word.text === q.text) p++;
        continue;
      }
      if (word.kind === TokenKind.Particle && !skipped) {
        skipped = true;
        sim *= SKIPPED_PARTICLE;
        p++;
        i--;
        continue;
      }
      if (!(a.flags[p]! & CAP)) return null;
      if (word.kind === TokenKind.Initial && q.kind === TokenKind.Full) {
        if (!allowInitial || word.text !== q.text[0]) return null;
        initial = true;
      } else {
        const s = this.sim(q, a.words[p]!);
        if (s === 0) return null;
        sim *= s;
      }
      p++;
    }
    return p > pos ? { end: p, sim, initial } : null;
  }

  /** The written middle names, tokens [from, to), against the given ones. */
  private middle(a: PreparedArticle, from: number, to: number, reversed: boolean): number {
    const written: number[] = [];
    for (let p = from; p < to; p++) if (this.words[a.words[p]!]!.kind !== TokenKind.Particle) written.push(a.words[p]!);
    const given = this.givenMiddle;
    if (written.length === 0) return given.length ? MIDDLE_ABSENT : 1;
    if (given.length === 0) return reversed ? 1 : MIDDLE_EXTRA;
    let factor = 1;
    let g = 0;
    for (const word of written) {
      let s = 0;
      while (g < given.length && (s = this.sim(given[g]!, word)) === 0) g++;
      if (g === given.length) return MIDDLE_CONTRADICTED;
      factor *= s;
      g++;
    }
    return factor;
  }

  /** Token p continues a name: joined to the word before, capitalised or a joining word ("bin"). */
  private nameLike(a: PreparedArticle, p: number): boolean {
    if (p >= a.words.length || !(a.flags[p]! & JOIN)) return false;
    return (a.flags[p]! & CAP) !== 0 || this.words[a.words[p]!]!.kind === TokenKind.Particle;
  }

  /** A capitalised word before token p, joined to it, that is no title nor sentence word: someone's first name. */
  private firstNameBefore(a: PreparedArticle, p: number): boolean {
    if (p === 0 || !(a.flags[p]! & JOIN) || !(a.flags[p - 1]! & CAP)) return false;
    const word = this.words[a.words[p - 1]!]!;
    return word.kind === TokenKind.Full && !HONORIFICS.has(word.text) && !FUNCTION_WORDS.has(word.text);
  }

  private forward(a: PreparedArticle, p: number): Mention | null {
    const first = this.run(a, this.query.first, p, false, true);
    if (!first) return null;
    for (let k = 0; k <= MAX_MIDDLE; k++) {
      const last = this.run(a, this.query.last, first.end + k, true, false);
      if (last) {
        const confidence = first.sim * last.sim * (first.initial ? INITIAL_ONLY : 1) * this.middle(a, first.end, first.end + k, false);
        return { from: p, to: last.end, confidence, sentence: a.sentenceOf[p]! };
      }
      if (!this.nameLike(a, first.end + k)) return null;
    }
    return null;
  }

  private reverse(a: PreparedArticle, p: number): Mention | null {
    // "Anna Nowak, Tomasz …": that Nowak is Anna's surname.
    if (this.firstNameBefore(a, p)) return null;
    const last = this.run(a, this.query.last, p, false, false);
    if (!last || last.end >= a.words.length) return null;
    const comma = (a.flags[last.end]! & COMMA) !== 0;
    if (!comma && !(a.flags[last.end]! & JOIN)) return null;
    const first = this.run(a, this.query.first, last.end, !comma, true);
    if (!first) return null;
    let end = first.end;
    while (end - first.end < this.givenMiddle.length && this.nameLike(a, end)) end++;
    const confidence = last.sim * first.sim * REVERSED * (first.initial ? INITIAL_ONLY : 1) * this.middle(a, first.end, end, true);
    return { from: p, to: end, confidence, sentence: a.sentenceOf[p]! };
  }

  /** The surname alone, once the article has named the person in full and no namesake. */
  private surnameOnly(a: PreparedArticle, at: readonly number[], found: readonly Mention[]): Mention[] {
    const best = Math.max(...found.map((m) => m.confidence));
    const out: Mention[] = [];
    for (const p of at) {
      if (found.some((m) => p >= m.from && p < m.to)) continue;
      const last = this.run(a, this.query.last, p, false, false);
      // "Nowak Holdings": a company, or a longer name; not this person.
      if (!last || this.nameLike(a, last.end)) continue;
      if (this.firstNameBefore(a, p)) return [];
      out.push({ from: p, to: last.end, confidence: best * SURNAME_ONLY * last.sim, sentence: a.sentenceOf[p]! });
    }
    return out;
  }

  /** Every mention of the person in the article (none: the article is not about them). */
  find(a: PreparedArticle): Mention[] {
    const found: Mention[] = [];
    const surnames: number[] = [];
    for (let p = 0; p < a.words.length; p++) {
      const word = a.words[p]!;
      const mention = (this.firstWords.has(word) && this.forward(a, p)) || (this.lastWords.has(word) && this.reverse(a, p)) || null;
      if (mention) {
        found.push(mention);
        p = mention.to - 1;
      } else if (this.lastWords.has(word)) surnames.push(p);
    }
    return found.length ? [...found, ...this.surnameOnly(a, surnames, found)] : [];
  }
}
