import { indexKeys } from "../aml/matching/blocking-keys";
import { makeToken, normalizeText, type NameToken } from "../aml/matching/normalize";
import type { CorpusArticle } from "./articles";
import { ADVERSE_LEXICON, fits, type CompiledLexicon, type LexiconTerm } from "./lexicon";
import { BREAK, CAP, capitalAt, isSpace, JOIN, readGap, scanWord, WrittenWords, type Span } from "./scan-text";

/*
 * Everything about an article that does not depend on who is screened, worked out once: its words
 * folded the way the AML matcher folds names (normalize.ts), where each word sits in the text, how
 * it joins its neighbour (scan-text.ts), its sentences, and the adverse terms each sentence holds.
 * A vocabulary shared by the corpus gives each folded word a number, its name token and blocking
 * keys, and lists the articles where it is written capitalised, the only place a name can be. The
 * articles' numbers live in a few corpus-wide typed arrays; an article holds views of its parts.
 */

export interface PreparedArticle {
  article: CorpusArticle;
  /** The title, a blank line, the body: offsets below are into this. */
  text: string;
  /** Per token: its word, where it is written, its flags (CAP, JOIN, COMMA), its sentence. */
  words: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  flags: Uint8Array;
  sentenceOf: Int32Array;
  /** Per sentence: where it starts and ends in the text. */
  sentenceStart: Int32Array;
  sentenceEnd: Int32Array;
  /** Sentence s's adverse terms are hitTerms[hitStart[s] .. hitStart[s + 1]). */
  hitStart: Int32Array;
  hitTerms: Int32Array;
  /** The article's location field, folded, with a space either side (for whole-word search). */
  location: string;
}

export interface PreparedCorpus {
  articles: PreparedArticle[];
  words: NameToken[];
  wordIds: Map<string, number>;
  /** Blocking key (blocking-keys.ts) → the words written capitalised somewhere. */
  keys: Map<string, number[]>;
  /** Word w's articles (where it is capitalised) are postings[postingStart[w] .. postingStart[w + 1]). */
  postingStart: Int32Array;
  postings: Int32Array;
  lexicon: CompiledLexicon;
}

class Vocabulary {
  readonly words: NameToken[] = [];
  readonly ids = new Map<string, number>();
  readonly startsTerms: (readonly LexiconTerm[])[] = [];
  /** A written word's folded words: usually one, none for a symbol; "’s" is dropped. */
  readonly written = new WrittenWords<number[]>((raw) =>
    normalizeText(raw.replace(/['’]s$/i, ""))
      .split(" ")
      .filter(Boolean)
      .map((text) => this.id(text)),
  );

  constructor(private readonly lexicon: CompiledLexicon) {}

  private id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(text, id);
      this.words.push(makeToken(text, id));
      this.startsTerms.push(this.lexicon.startingWith(text));
    }
    return id;
  }
}

/** A growable Int32Array: room is reserved per article, then written at `length`. */
class IntList {
  data = new Int32Array(1 << 16);
  length = 0;
  reserve(extra: number): Int32Array {
    if (this.length + extra > this.data.length) {
      const grown = new Int32Array(Math.max(this.data.length * 2, this.length + extra));
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
    return this.data;
  }
  push(value: number): void {
    this.reserve(1)[this.length++] = value;
  }
}

/** The corpus-wide lists the articles' views are cut from. */
class Lists {
  words = new IntList();
  starts = new IntList();
  ends = new IntList();
  flags = new IntList();
  sentenceOf = new IntList();
  sentenceStart = new IntList();
  sentenceEnd = new IntList();
  hitStart = new IntList();
  hits = new IntList();
}

/** Where one article's part of each list begins (tokens, sentences, hitStart entries). */
interface Extent {
  token: number;
  sentence: number;
  hitStart: number;
}

function readArticle(text: string, vocabulary: Vocabulary, lists: Lists, span: Span): void {
  const { sentenceStart, sentenceEnd } = lists;
  const tokenLists = [lists.words, lists.starts, lists.ends, lists.flags, lists.sentenceOf];
  const firstToken = lists.words.length;
  let t = firstToken;
  // Room for a token per character, written without bounds checks; grown again in the rare case
  // any-ascii spells one character as several words ("½" → "1/2").
  let [words, starts, ends, flags, sentenceOf] = tokenLists.map((list) => list.reserve(text.length));
  let room = firstToken + text.length;
  sentenceStart.push(0);
  let sentence = 0;
  let prevEnd = 0;
  let prevWord = "";
  for (let at = 0; scanWord(text, at, span); at = span.end) {
    const ids = vocabulary.written.get(text, span);
    if (ids.length === 0) continue;
    const { start, end } = span;
    const capital = capitalAt(text, start) ? CAP : 0;
    const gap = t > firstToken ? readGap(text, prevEnd, start, prevWord, capital !== 0) : 0;
    if (gap & BREAK) {
      // A sentence keeps its closing punctuation, the next one its opening quote.
      let cut = prevEnd;
      while (cut < start && !isSpace(text.charCodeAt(cut))) cut++;
      let open = start;
      while (open > cut && !isSpace(text.charCodeAt(open - 1))) open--;
      sentenceEnd.push(cut);
      sentenceStart.push(open);
      sentence++;
    }
    if (t + ids.length > room) {
      for (const list of tokenLists) list.length = t;
      [words, starts, ends, flags, sentenceOf] = tokenLists.map((list) => list.reserve(text.length));
      room = t + text.length;
    }
    // The parts of one written word (a script any-ascii spells as several words) are joined.
    for (let k = 0; k < ids.length; k++, t++) {
      flags![t] = capital | (k > 0 ? JOIN : gap & ~BREAK);
      words![t] = ids[k]!;
      starts![t] = start;
      ends![t] = end;
      sentenceOf![t] = sentence;
    }
    prevEnd = end;
    prevWord = vocabulary.words[ids[ids.length - 1]!]!.text;
  }
  for (const list of tokenLists) list.length = t;
  let cut = prevEnd;
  while (cut < text.length && !isSpace(text.charCodeAt(cut))) cut++;
  sentenceEnd.push(cut);
  findTerms(lists, firstToken, sentence + 1, vocabulary);
}

/** The lexicon's terms in each sentence: at each word the longest term that fits, its words then used up. */
function findTerms(lists: Lists, firstToken: number, sentences: number, vocabulary: Vocabulary): void {
  const { hitStart, hits } = lists;
  const count = lists.words.length;
  const word = lists.words.data;
  const sentenceAt = lists.sentenceOf.data;
  let i = firstToken;
  for (let s = 0; s < sentences; s++) {
    hitStart.push(hits.length);
    while (i < count && sentenceAt[i] === s) {
      let used = 1;
      for (const term of vocabulary.startsTerms[word[i]!]!) {
        const n = term.words.length;
        let k = 1;
        while (k < n && i + k < count && sentenceAt[i + k] === s && fits(term.words[k]!, vocabulary.words[word[i + k]!]!.text)) k++;
        if (k === n) {
          hits.push(term.id);
          used = n;
          break;
        }
      }
      i += used;
    }
  }
  hitStart.push(hits.length);
}

/** Word → articles where it is written capitalised, one posting per article. */
function capitalPostings(
  words: Int32Array,
  flags: Uint8Array,
  extents: Extent[],
  wordCount: number,
): { postingStart: Int32Array; postings: Int32Array } {
  const postingStart = new Int32Array(wordCount + 1);
  const seen = new Int32Array(wordCount).fill(-1);
  const each = (visit: (word: number, article: number) => void) => {
    for (let n = 0; n < extents.length - 1; n++) {
      for (let p = extents[n]!.token; p < extents[n + 1]!.token; p++) {
        const w = words[p]!;
        if (flags[p]! & CAP && seen[w] !== n) {
          seen[w] = n;
          visit(w, n);
        }
      }
    }
  };
  each((w) => postingStart[w + 1]!++);
  for (let w = 0; w < wordCount; w++) postingStart[w + 1]! += postingStart[w]!;
  const postings = new Int32Array(postingStart[wordCount]!);
  const fill = postingStart.slice(0, wordCount);
  seen.fill(-1);
  each((w, n) => (postings[fill[w]!++] = n));
  return { postingStart, postings };
}

/** Folds a corpus once for any number of screenings (see the header). */
export function prepareCorpus(articles: readonly CorpusArticle[], lexicon: CompiledLexicon = ADVERSE_LEXICON): PreparedCorpus {
  const vocabulary = new Vocabulary(lexicon);
  const lists = new Lists();
  const span: Span = { start: 0, end: 0, hash: 0 };
  const texts: string[] = [];
  const extents: Extent[] = [];
  for (const article of articles) {
    extents.push({ token: lists.words.length, sentence: lists.sentenceStart.length, hitStart: lists.hitStart.length });
    const text = `${article.title}\n\n${article.body}`;
    texts.push(text);
    readArticle(text, vocabulary, lists, span);
  }
  extents.push({ token: lists.words.length, sentence: lists.sentenceStart.length, hitStart: lists.hitStart.length });

  const final = (list: IntList) => list.data.slice(0, list.length);
  const [words, starts, ends, sentenceOf, sentenceStart, sentenceEnd, hitStart, hits] = [
    lists.words,
    lists.starts,
    lists.ends,
    lists.sentenceOf,
    lists.sentenceStart,
    lists.sentenceEnd,
    lists.hitStart,
    lists.hits,
  ].map(final) as Int32Array[];
  const flags = Uint8Array.from(lists.flags.data.subarray(0, lists.flags.length));
  const prepared = articles.map((article, n): PreparedArticle => {
    const [from, to] = [extents[n]!, extents[n + 1]!];
    return {
      article,
      text: texts[n]!,
      words: words!.subarray(from.token, to.token),
      starts: starts!.subarray(from.token, to.token),
      ends: ends!.subarray(from.token, to.token),
      flags: flags.subarray(from.token, to.token),
      sentenceOf: sentenceOf!.subarray(from.token, to.token),
      sentenceStart: sentenceStart!.subarray(from.sentence, to.sentence),
      sentenceEnd: sentenceEnd!.subarray(from.sentence, to.sentence),
      hitStart: hitStart!.subarray(from.hitStart, to.hitStart),
      hitTerms: hits!,
      location: ` ${normalizeText(article.location ?? "")} `,
    };
  });

  const { postingStart, postings } = capitalPostings(words!, flags, extents, vocabulary.words.length);
  const keys = new Map<string, number[]>();
  vocabulary.words.forEach((token, w) => {
    if (postingStart[w + 1] === postingStart[w]) return;
    for (const key of indexKeys(token)) {
      const list = keys.get(key);
      if (list) list.push(w);
      else keys.set(key, [w]);
    }
  });
  return { articles: prepared, words: vocabulary.words, wordIds: vocabulary.ids, keys, postingStart, postings, lexicon };
}
