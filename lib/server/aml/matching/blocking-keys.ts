import { TokenKind, type NameToken } from "./normalize";

/*
 * The blocking keys a word is filed under, and looked up by: its spelling skeleton ("s"), its
 * Double Metaphone codes ("m"), its skeleton less any one letter ("d": a word one typo away
 * shares one of these, the symmetric-deletion idea of SymSpell) and, for listed words, its first
 * letter ("i", for queries with initials).
 */

/** The skeleton with one letter left out, each way (a typo is one of them away). */
function deletions(skel: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < skel.length; i++) out.add(skel.slice(0, i) + skel.slice(i + 1));
  return [...out];
}

/**
 * Listed words this long have typo keys. Shorter ones would file a word under three-letter
 * strings shared by thousands of names; their typos are found through sound keys only.
 */
const TYPO_KEY_LENGTH = 5;
/** Metaphone codes shorter than this ("MR", "KN") say too little to file a word under. */
const SOUND_KEY_LENGTH = 3;

function soundKeys(token: NameToken, keys: string[]): void {
  if (token.dm1.length >= SOUND_KEY_LENGTH) keys.push(`m${token.dm1}`);
  if (token.dm2.length >= SOUND_KEY_LENGTH) keys.push(`m${token.dm2}`);
}

/** A word's keys as a query looks it up: skeleton, sound, and the typo keys reaching a word one edit away. */
export function queryKeys(token: NameToken): string[] {
  if (token.kind === TokenKind.Initial) return [`i${token.text}`];
  if (token.kind !== TokenKind.Full) return [];
  const keys = [`s${token.skel}`];
  soundKeys(token, keys);
  if (token.skel.length >= TYPO_KEY_LENGTH - 1) keys.push(`d${token.skel}`);
  if (token.skel.length >= TYPO_KEY_LENGTH) for (const d of deletions(token.skel)) keys.push(`d${d}`, `s${d}`);
  return keys;
}

/** A listed word's keys: skeleton, sound, typo keys (its one-letter deletions), first letter. */
export function indexKeys(token: NameToken): string[] {
  if (token.kind === TokenKind.Initial) return [`i${token.text}`];
  if (token.kind !== TokenKind.Full) return [];
  const keys = [`s${token.skel}`, `i${token.text[0]}`];
  soundKeys(token, keys);
  if (token.skel.length >= TYPO_KEY_LENGTH) for (const d of deletions(token.skel)) keys.push(`d${d}`);
  return keys;
}
