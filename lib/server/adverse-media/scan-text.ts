/*
 * The low-level reading of article text, written for a corpus of tens of megabytes: words are
 * found by a scanner over char codes (the Unicode class of each code worked out once, not a
 * regular expression's match objects), and a written word is looked up by its char codes in a
 * table of the words already seen, so the text is sliced only for a word met for the first time.
 */

/** Token flags. CAP: starts upper case (or in a script without case). JOIN, COMMA: the gap before it. */
export const CAP = 1;
export const JOIN = 2;
export const COMMA = 4;
/** readGap only: a sentence ends in the gap. */
export const BREAK = 8;

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const WORD_BIT = 1;
const CAPITAL_BIT = 2;
const SURROGATE_BIT = 4;
const KNOWN_BIT = 128;
/** Per UTF-16 code: letter or digit, capital (or a script without case), high surrogate; 0 until first met. */
const charClass = new Uint8Array(65536);
for (let c = 0; c < 128; c++) {
  const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  charClass[c] = KNOWN_BIT | (letter || (c >= 48 && c <= 57) ? WORD_BIT : 0) | (c >= 97 && c <= 122 ? 0 : CAPITAL_BIT);
}
for (let c = 0xd800; c <= 0xdbff; c++) charClass[c] = KNOWN_BIT | SURROGATE_BIT | CAPITAL_BIT;

function classOf(c: number): number {
  const ch = String.fromCharCode(c);
  // Upper case, or a script without case (Arabic, Han): either can start a name.
  const v = KNOWN_BIT | (WORD_CHAR.test(ch) ? WORD_BIT : 0) | (ch !== ch.toLowerCase() || ch === ch.toUpperCase() ? CAPITAL_BIT : 0);
  charClass[c] = v;
  return v;
}

/** A high surrogate at i starting a letter or digit beyond the BMP (a rare script's). */
function astralWordChar(text: string, i: number): boolean {
  const cp = text.codePointAt(i)!;
  return cp > 0xffff && WORD_CHAR.test(String.fromCodePoint(cp));
}

export function capitalAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return ((charClass[c] || classOf(c)) & CAPITAL_BIT) !== 0;
}

export const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;
const isHyphen = (c: number) => c === 45 || c === 0x2010 || c === 0x2011;
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** A word found by scanWord: text[start, end), with the hash of its char codes. */
export interface Span {
  start: number;
  end: number;
  hash: number;
}

/**
 * The next word at or after `from` (letters and digits, an apostrophe inside: "O’Connor"), into
 * `span`; false when there is none. One tight loop: this reads every character of the corpus.
 */
export function scanWord(text: string, from: number, span: Span): boolean {
  const n = text.length;
  let i = from;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    const v = charClass[c]! || classOf(c);
    if (v & WORD_BIT || (v & SURROGATE_BIT && astralWordChar(text, i))) break;
  }
  if (i >= n) return false;
  span.start = i;
  let hash = FNV_OFFSET;
  while (i < n) {
    const c = text.charCodeAt(i);
    const v = charClass[c]! || classOf(c);
    if (v & WORD_BIT) {
      hash = Math.imul(hash ^ c, FNV_PRIME);
      i++;
    } else if (v & SURROGATE_BIT && astralWordChar(text, i)) {
      hash = Math.imul(Math.imul(hash ^ c, FNV_PRIME) ^ text.charCodeAt(i + 1), FNV_PRIME);
      i += 2;
    } else if (
      (c === 39 || c === 0x2019) &&
      i + 1 < n &&
      (charClass[text.charCodeAt(i + 1)]! || classOf(text.charCodeAt(i + 1))) & WORD_BIT
    ) {
      hash = Math.imul(hash ^ c, FNV_PRIME);
      i++;
    } else break;
  }
  span.end = i;
  span.hash = hash;
  return true;
}

/** Words a dot follows without ending the sentence ("Mr. Smith", "St. Albans"). */
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "jr",
  "sr",
  "mt",
  "no",
  "vs",
  "gen",
  "col",
  "capt",
  "lt",
  "sgt",
  "rev",
  "hon",
  "inc",
  "ltd",
  "co",
  "corp",
]);

/**
 * The gap text[from, to) between two words: BREAK when a sentence ends in it (a blank line; "!"
 * or "?"; a dot before a capital, unless after an initial or an abbreviation), else JOIN when a
 * name may run on across it ("John Smith", "Smith-Jones", "J. Smith", a line break) and COMMA for
 * a lone comma ("Smith, John").
 */
export function readGap(text: string, from: number, to: number, prevWord: string, nextCapital: boolean): number {
  let spaces = 0;
  let newlines = 0;
  let dots = 0;
  let commas = 0;
  let hyphens = 0;
  let others = 0;
  let strong = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) newlines++;
    if (isSpace(c)) spaces++;
    else if (c === 46 || c === 0x2026) dots++;
    else if (c === 44) commas++;
    else if (isHyphen(c)) hyphens++;
    else {
      if (c === 33 || c === 63) strong = true;
      others++;
    }
  }
  if (newlines > 1 && /\n[ \t\r]*\n/.test(text.slice(from, to))) return BREAK;
  if (spaces > 0 && (strong || (dots > 0 && nextCapital && prevWord.length > 1 && !ABBREVIATIONS.has(prevWord)))) return BREAK;
  let flags = 0;
  if (others === 0 && commas === 0) {
    if (dots === 0 && hyphens === 0) flags |= JOIN;
    else if (dots === 0 && hyphens === 1 && spaces === 0) flags |= JOIN;
    else if (dots === 1 && hyphens === 0 && prevWord.length === 1 && text.charCodeAt(from) === 46) flags |= JOIN;
  }
  if (commas === 1 && dots + hyphens + others === 0) flags |= COMMA;
  return flags;
}

/** Written words (as in the text, case and accents kept) → what `fold` makes of them, computed once each. */
export class WrittenWords<T> {
  private readonly written: string[] = [];
  private readonly hashes: number[] = [];
  private readonly values: T[] = [];
  private table = new Int32Array(1 << 12);

  constructor(private readonly fold: (written: string) => T) {}

  get(text: string, span: Span): T {
    const { start, end, hash } = span;
    const length = end - start;
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot]! - 1;
      if (entry < 0) return this.add(text.slice(start, end), hash, slot);
      const known = this.written[entry]!;
      if (this.hashes[entry] !== hash || known.length !== length) continue;
      let k = 0;
      while (k < length && known.charCodeAt(k) === text.charCodeAt(start + k)) k++;
      if (k === length) return this.values[entry]!;
    }
  }

  private add(written: string, hash: number, slot: number): T {
    const value = this.fold(written);
    this.written.push(written);
    this.hashes.push(hash);
    this.values.push(value);
    this.table[slot] = this.written.length;
    if (this.written.length * 2 > this.table.length) {
      // Grow at half full: open addressing stays short.
      this.table = new Int32Array(this.table.length * 2);
      const mask = this.table.length - 1;
      this.hashes.forEach((h, entry) => {
        let s = h & mask;
        while (this.table[s] !== 0) s = (s + 1) & mask;
        this.table[s] = entry + 1;
      });
    }
    return value;
  }
}
