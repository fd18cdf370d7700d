import { makeToken, nameWords, TokenKind, type NameToken } from "./normalize";
import { MAX_TOKENS, scoreAlignment, tokenSimilarity } from "./score-name";

/*
 * An in-memory index of listed names for screening one person in a few milliseconds among
 * millions of names. Every word of every name is filed under blocking keys: its two Double
 * Metaphone codes, its spelling skeleton, and the skeleton less any one letter (so a word one
 * typo away shares a key: the symmetric-deletion idea of SymSpell), so "Poutine", "Putin",
 * "Putn" and "Puttin" meet. A query reaches the names that share a key with its first and with its
 * last word (a first or last name found nowhere rules a name out, see scoreName; middle names
 * may be missing on either side); with one word and initials ("V. Putin"), the names must also
 * have a word starting with each initial. Only those candidates are scored. Names are stored as runs of word
 * numbers in flat typed arrays (little memory, few pointers to chase), and each listed word's
 * similarity to the query is computed once per query, however many names share it.
 */

/** A lone query word filed under more names than this is narrowed by the query's initials. */
const COMMON_WORD = 2048;

export interface NameHit {
  entity: number;
  /** 0–100, the best of the entity's names. */
  score: number;
}

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
function queryKeys(token: NameToken): string[] {
  if (token.kind === TokenKind.Initial) return [`i${token.text}`];
  if (token.kind !== TokenKind.Full) return [];
  const keys = [`s${token.skel}`];
  soundKeys(token, keys);
  if (token.skel.length >= TYPO_KEY_LENGTH - 1) keys.push(`d${token.skel}`);
  if (token.skel.length >= TYPO_KEY_LENGTH) for (const d of deletions(token.skel)) keys.push(`d${d}`, `s${d}`);
  return keys;
}

/** A listed word's keys: skeleton, sound, typo keys (its one-letter deletions), first letter. */
function indexKeys(token: NameToken): string[] {
  if (token.kind === TokenKind.Initial) return [`i${token.text}`];
  if (token.kind !== TokenKind.Full) return [];
  const keys = [`s${token.skel}`, `i${token.text[0]}`];
  soundKeys(token, keys);
  if (token.skel.length >= TYPO_KEY_LENGTH) for (const d of deletions(token.skel)) keys.push(`d${d}`);
  return keys;
}

class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

export class NameIndexBuilder {
  private readonly wordIds = new Map<string, number>();
  private readonly words: NameToken[] = [];
  private readonly wordKeys: Int32Array[] = [];
  private readonly keyIds = new Map<string, number>();
  private readonly nameEntity = new IntList();
  private readonly nameStart = new IntList();
  private readonly nameWords = new IntList();

  private word(text: string): number {
    let id = this.wordIds.get(text);
    if (id === undefined) {
      id = this.words.length;
      const token = makeToken(text, id);
      this.wordIds.set(text, id);
      this.words.push(token);
      this.wordKeys.push(
        Int32Array.from(indexKeys(token), (key) => {
          let keyId = this.keyIds.get(key);
          if (keyId === undefined) {
            keyId = this.keyIds.size;
            this.keyIds.set(key, keyId);
          }
          return keyId;
        }),
      );
    }
    return id;
  }

  /** Files one name of entity number `entity`. */
  add(entity: number, name: string): void {
    const words = nameWords(name).slice(0, MAX_TOKENS);
    if (words.length === 0) return;
    this.nameEntity.push(entity);
    this.nameStart.push(this.nameWords.length);
    for (const word of words) this.nameWords.push(this.word(word));
  }

  /** Calls back each key of name n once (two words of a name may share a key). */
  private eachKey(n: number, nameStart: Int32Array, nameWords: Int32Array, lastName: Int32Array, visit: (key: number) => void): void {
    for (let p = nameStart[n]!; p < nameStart[n + 1]!; p++) {
      for (const key of this.wordKeys[nameWords[p]!]!) {
        if (lastName[key] === n) continue;
        lastName[key] = n;
        visit(key);
      }
    }
  }

  build(entityCount: number): NameIndex {
    this.nameStart.push(this.nameWords.length);
    const nameStart = this.nameStart.toArray();
    const nameWords = this.nameWords.toArray();
    const names = nameStart.length - 1;
    const keys = this.keyIds.size;
    // Two passes over the names (count, then fill): postings land in one flat array, in name order.
    const starts = new Int32Array(keys + 1);
    const lastName = new Int32Array(keys).fill(-1);
    for (let n = 0; n < names; n++) this.eachKey(n, nameStart, nameWords, lastName, (key) => starts[key + 1]!++);
    for (let k = 0; k < keys; k++) starts[k + 1]! += starts[k]!;
    const flat = new Int32Array(starts[keys]!);
    const fill = starts.slice(0, keys);
    lastName.fill(-1);
    for (let n = 0; n < names; n++) this.eachKey(n, nameStart, nameWords, lastName, (key) => (flat[fill[key]!++] = n));
    return new NameIndex({ words: this.words, nameEntity: this.nameEntity.toArray(), nameStart, nameWords, keyIds: this.keyIds, starts, flat, entityCount });
  }
}

interface IndexData {
  words: NameToken[];
  nameEntity: Int32Array;
  /** Name n's words are nameWords[nameStart[n] .. nameStart[n + 1]). */
  nameStart: Int32Array;
  nameWords: Int32Array;
  keyIds: Map<string, number>;
  /** Key k's names are flat[starts[k] .. starts[k + 1]). */
  starts: Int32Array;
  flat: Int32Array;
  entityCount: number;
}

export class NameIndex {
  // Per-query scratch, reused (a query stamps what it touched with its own epoch). Per name, side
  // by side: [epoch, state] with state = last query unit + 1 (bits 0–7), units that reached it
  // (bits 8–15).
  private readonly reach: Int32Array;
  private readonly entityEpoch: Int32Array;
  private readonly entityScore: Float32Array;
  private readonly wordEpoch: Int32Array;
  private readonly wordSims: Float32Array;
  private readonly sims = new Float64Array(MAX_TOKENS * MAX_TOKENS);
  private readonly kinds = new Uint8Array(MAX_TOKENS);
  private epoch = 0;
  /** What the last search reached through keys and scored: for benchmarks. */
  lastSearch = { reached: 0, scored: 0 };

  constructor(private readonly data: IndexData) {
    const names = data.nameEntity.length;
    this.reach = new Int32Array(names * 2);
    this.entityEpoch = new Int32Array(data.entityCount);
    this.entityScore = new Float32Array(data.entityCount);
    this.wordEpoch = new Int32Array(data.words.length);
    this.wordSims = new Float32Array(data.words.length * MAX_TOKENS);
  }

  get nameCount(): number {
    return this.data.nameEntity.length;
  }

  get distinctWords(): number {
    return this.data.words.length;
  }

  get keyCount(): number {
    return this.data.keyIds.size;
  }

  /** Entities whose best name scores at least `minScore` against the query name, best first. */
  search(query: string, minScore: number): NameHit[] {
    return this.searchTokens(nameWords(query).slice(0, MAX_TOKENS).map((w) => makeToken(w)), minScore);
  }

  /** Fills the similarity matrix of the query with name n (and its words' kinds), from the cache. */
  private fillSims(query: NameToken[], n: number, epoch: number): number {
    const { nameStart, nameWords, words } = this.data;
    const from = nameStart[n]!;
    const nc = nameStart[n + 1]! - from;
    const nq = query.length;
    for (let j = 0; j < nc; j++) {
      const id = nameWords[from + j]!;
      const base = id * MAX_TOKENS;
      if (this.wordEpoch[id] !== epoch) {
        this.wordEpoch[id] = epoch;
        const word = words[id]!;
        for (let i = 0; i < nq; i++) this.wordSims[base + i] = tokenSimilarity(query[i]!, word);
      }
      this.kinds[j] = words[id]!.kind;
      for (let i = 0; i < nq; i++) this.sims[i * MAX_TOKENS + j] = this.wordSims[base + i]!;
    }
    return nc;
  }

  private nextEpoch(): number {
    this.epoch++;
    if (this.epoch === 0x7fffffff) {
      this.reach.fill(0);
      this.entityEpoch.fill(0);
      this.wordEpoch.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }

  searchTokens(tokens: NameToken[], minScore: number): NameHit[] {
    if (tokens.length === 0) return [];
    const { keyIds, starts, flat, nameEntity } = this.data;
    const epoch = this.nextEpoch();
    const reach = this.reach;
    const touched: number[] = [];
    const lookup = (token: NameToken) => {
      const ids = queryKeys(token)
        .map((key) => keyIds.get(key))
        .filter((id): id is number => id !== undefined);
      return { ids, size: ids.reduce((n, id) => n + starts[id + 1]! - starts[id]!, 0) };
    };
    // The required units: the query's first and last words, and its initials beside a lone common word.
    const full = tokens.filter((t) => t.kind === TokenKind.Full);
    const edges = full.length > 1 ? [full[0]!, full[full.length - 1]!] : full;
    const units = edges.map(lookup);
    if (units.length === 1 && units[0]!.size > COMMON_WORD) {
      for (const letter of new Set(tokens.filter((t) => t.kind === TokenKind.Initial).map((t) => t.text))) units.push(lookup(makeToken(letter)));
    }
    // Rarest first: later units only add to names already reached.
    units.sort((a, b) => a.size - b.size);
    for (let u = 0; u < units.length; u++) {
      const { ids } = units[u]!;
      const mark = u + 1;
      for (const id of ids) {
        const to = starts[id + 1]!;
        for (let p = starts[id]!; p < to; p++) {
          const n = flat[p]!;
          const slot = n * 2;
          if (reach[slot] !== epoch) {
            if (u > 0) continue;
            reach[slot] = epoch;
            reach[slot + 1] = mark | 0x100;
            touched.push(n);
          } else {
            const state = reach[slot + 1]!;
            if ((state & 0xff) !== mark) reach[slot + 1] = ((state & ~0xff) + 0x100) | mark;
          }
        }
      }
    }
    const required = units.length;
    const hitEntities: number[] = [];
    let scored = 0;
    for (const n of touched) {
      const state = reach[n * 2 + 1]!;
      if (((state >> 8) & 0xff) < required) continue;
      scored++;
      const nc = this.fillSims(tokens, n, epoch);
      const score = scoreAlignment(tokens, this.kinds, nc, this.sims);
      if (score < minScore) continue;
      const e = nameEntity[n]!;
      if (this.entityEpoch[e] !== epoch) {
        this.entityEpoch[e] = epoch;
        this.entityScore[e] = score;
        hitEntities.push(e);
      } else if (score > this.entityScore[e]!) this.entityScore[e] = score;
    }
    this.lastSearch = { reached: touched.length, scored };
    return hitEntities.map((entity) => ({ entity, score: this.entityScore[entity]! })).sort((a, b) => b.score - a.score);
  }
}
