import anyAscii from "any-ascii";
import { doubleMetaphone } from "double-metaphone";

/*
 * How a name becomes comparable tokens. Every script is transliterated to ASCII (any-ascii), lower
 * cased, punctuation dropped; titles are removed; short joining words ("al", "bin", "van") are kept
 * but marked so they weigh little. Each token carries a spelling skeleton (transliteration variants
 * folded: w→v, ph→f, kh→h, ou→u, y/j→i, doubled letters once, ...) and its two Double Metaphone codes.
 */

export const TokenKind = { Full: 0, Initial: 1, Particle: 2 } as const;
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

export interface NameToken {
  text: string;
  /** Transliteration-folded spelling: equal skeletons are the same name written two ways. */
  skel: string;
  /** Double Metaphone primary and alternate codes ("" for initials and particles). */
  dm1: string;
  dm2: string;
  kind: TokenKind;
  /** The index's number for a listed word (-1 for a query's words): keys per-query caches. */
  id: number;
}

/** Titles and honorifics: dropped, they say nothing about who someone is. */
const TITLES = new Set([
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
  "rev",
  "hon",
  "sheikh",
  "shaikh",
  "shaykh",
  "sheik",
  "haji",
  "hajji",
  "alhaj",
  "alhaji",
  "mullah",
  "mulla",
  "maulvi",
  "maulana",
  "qari",
  "gen",
  "general",
  "col",
  "colonel",
  "capt",
  "captain",
  "maj",
  "major",
  "lt",
  "lieutenant",
  "marshal",
  "president",
  "minister",
  "excellency",
  "his",
  "her",
  "jr",
  "sr",
  "junior",
  "senior",
  "ii",
  "iii",
  "iv",
]);

/** Joining words of names: matched like any token but weighing little and never required. */
const PARTICLES = new Set([
  "al",
  "el",
  "ul",
  "ud",
  "ad",
  "as",
  "ar",
  "an",
  "bin",
  "ibn",
  "bint",
  "ben",
  "bn",
  "abu",
  "umm",
  "van",
  "von",
  "der",
  "den",
  "de",
  "del",
  "della",
  "di",
  "da",
  "dos",
  "das",
  "do",
  "du",
  "la",
  "le",
  "y",
  "e",
  "zu",
  "ter",
]);

/** ASCII, lower case, letters and digits only, single spaces. */
export function normalizeText(value: string): string {
  return anyAscii(value)
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Folds the usual transliteration variants of one (already normalised) token. */
export function skeleton(token: string): string {
  let s = token
    .replace(/sch/g, "sh")
    .replace(/tch/g, "ch")
    .replace(/ph/g, "f")
    .replace(/kh/g, "h")
    .replace(/gh/g, "g")
    .replace(/dh/g, "d")
    .replace(/th/g, "t")
    .replace(/ck/g, "k")
    .replace(/q/g, "k")
    .replace(/c(?=[eiy])/g, "s")
    .replace(/c(?!h)/g, "k")
    .replace(/x/g, "ks")
    .replace(/w/g, "v")
    .replace(/z/g, "s")
    .replace(/ou|oo/g, "u")
    .replace(/ee/g, "i")
    .replace(/[yj]/g, "i")
    .replace(/ie/g, "i");
  // An h after a vowel and before a consonant or the end is not pronounced: John/Jon, Ahmed/Amed.
  s = s.replace(/([aeiou])h(?![aeiou])/g, "$1").replace(/(.)\1+/g, "$1");
  if (s.length > 3) s = s.replace(/([^aeiou])e$/, "$1");
  return s;
}

export function makeToken(text: string, id = -1): NameToken {
  if (text.length === 1 && /[a-z]/.test(text)) return { text, skel: text, dm1: "", dm2: "", kind: TokenKind.Initial, id };
  if (PARTICLES.has(text)) return { text, skel: text, dm1: "", dm2: "", kind: TokenKind.Particle, id };
  const [dm1, dm2] = doubleMetaphone(text);
  return { text, skel: skeleton(text), dm1, dm2: dm2 === dm1 ? "" : dm2, kind: TokenKind.Full, id };
}

/** The words of a name, titles removed, in their written order. */
export function nameWords(name: string): string[] {
  const words = normalizeText(name).split(" ").filter(Boolean);
  const kept = words.filter((w) => !TITLES.has(w));
  return kept.length ? kept : words;
}

export function tokenize(name: string): NameToken[] {
  return nameWords(name).map(makeToken);
}
