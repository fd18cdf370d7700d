import { makeToken, nameWords, TokenKind, type NameToken } from "./normalize";
import { scoreName } from "./score-name";

/*
 * An in-memory index of listed names for screening one person in a few milliseconds among
 * millions of names. Every word of every name is filed under blocking keys: its two Double
 * Metaphone codes and its spelling skeleton, so "Poutine", "Putin" and "Poutin" share a key. A
 * query reaches the names that share a key with each of its words (all of them for a name of up to
 * two words, all but one beyond), plus every name reached through a rare word (so a typo in the
 * other word is still found); only those candidates are scored.
 */

/** Words filed under fewer names than this are "rare": one of them alone makes a candidate. */
const RARE_POSTINGS = 4096;

export interface IndexedName {
  entity: number;
  tokens: NameToken[];
}

export interface NameHit {
  entity: number;
  /** 0–100, the best of the entity's names. */
  score: number;
}

function keysOf(token: NameToken): string[] {
  if (token.kind !== TokenKind.Full) return [];
  const keys = [`s${token.skel}`];
  if (token.dm1) keys.push(`m${token.dm1}`);
  if (token.dm2) keys.push(`m${token.dm2}`);
  return keys;
}

export class NameIndexBuilder {
  private readonly tokenCache = new Map<string, NameToken>();
  private readonly keyIds = new Map<string, number>();
  private readonly postings: number[][] = [];
  private readonly names: IndexedName[] = [];

  private token(word: string): NameToken {
    let token = this.tokenCache.get(word);
    if (!token) {
      token = makeToken(word);
      this.tokenCache.set(word, token);
    }
    return token;
  }

  /** Files one name of entity number `entity`. */
  add(entity: number, name: string): void {
    const tokens = nameWords(name).map((w) => this.token(w));
    if (tokens.length === 0) return;
    const nameId = this.names.length;
    this.names.push({ entity, tokens });
    for (const token of tokens) {
      for (const key of keysOf(token)) {
        let id = this.keyIds.get(key);
        if (id === undefined) {
          id = this.postings.length;
          this.keyIds.set(key, id);
          this.postings.push([]);
        }
        const list = this.postings[id]!;
        if (list[list.length - 1] !== nameId) list.push(nameId);
      }
    }
  }

  build(entityCount: number): NameIndex {
    let total = 0;
    for (const list of this.postings) total += list.length;
    const starts = new Int32Array(this.postings.length + 1);
    const flat = new Int32Array(total);
    let at = 0;
    this.postings.forEach((list, id) => {
      starts[id] = at;
      flat.set(list, at);
      at += list.length;
    });
    starts[this.postings.length] = at;
    return new NameIndex(this.names, this.keyIds, starts, flat, entityCount, this.tokenCache.size);
  }
}

export class NameIndex {
  // Per-query scratch, reused: which query word last reached a name, how many did, when.
  private readonly seenEpoch: Int32Array;
  private readonly lastWord: Int8Array;
  private readonly hits: Uint8Array;
  private readonly rare: Uint8Array;
  private readonly entityEpoch: Int32Array;
  private readonly entityScore: Float32Array;
  private epoch = 0;

  constructor(
    private readonly names: IndexedName[],
    private readonly keyIds: Map<string, number>,
    private readonly starts: Int32Array,
    private readonly flat: Int32Array,
    readonly entityCount: number,
    readonly distinctWords: number,
  ) {
    this.seenEpoch = new Int32Array(names.length);
    this.lastWord = new Int8Array(names.length);
    this.hits = new Uint8Array(names.length);
    this.rare = new Uint8Array(names.length);
    this.entityEpoch = new Int32Array(entityCount);
    this.entityScore = new Float32Array(entityCount);
  }

  get nameCount(): number {
    return this.names.length;
  }

  get keyCount(): number {
    return this.keyIds.size;
  }

  /** Entities whose best name scores at least `minScore` against the query name, best first. */
  search(query: string, minScore: number): NameHit[] {
    const tokens = nameWords(query).map(makeToken);
    return this.searchTokens(tokens, minScore);
  }

  searchTokens(tokens: NameToken[], minScore: number): NameHit[] {
    if (tokens.length === 0) return [];
    this.epoch++;
    if (this.epoch === 0x7fffffff) {
      this.seenEpoch.fill(0);
      this.entityEpoch.fill(0);
      this.epoch = 1;
    }
    const epoch = this.epoch;
    const touched: number[] = [];
    const words = tokens.filter((t) => t.kind === TokenKind.Full).slice(0, 100);
    words.forEach((word, w) => {
      const ranges: [number, number][] = [];
      let size = 0;
      for (const key of keysOf(word)) {
        const id = this.keyIds.get(key);
        if (id === undefined) continue;
        ranges.push([this.starts[id]!, this.starts[id + 1]!]);
        size += this.starts[id + 1]! - this.starts[id]!;
      }
      const isRare = size <= RARE_POSTINGS ? 1 : 0;
      for (const [from, to] of ranges) {
        for (let p = from; p < to; p++) {
          const n = this.flat[p]!;
          if (this.seenEpoch[n] !== epoch) {
            this.seenEpoch[n] = epoch;
            this.lastWord[n] = -1;
            this.hits[n] = 0;
            this.rare[n] = 0;
            touched.push(n);
          }
          if (this.lastWord[n] !== w) {
            this.lastWord[n] = w;
            this.hits[n] = this.hits[n]! + 1;
            this.rare[n] = this.rare[n]! | isRare;
          }
        }
      }
    });
    const required = words.length <= 2 ? words.length : words.length - 1;
    const hitEntities: number[] = [];
    for (const n of touched) {
      if (this.hits[n]! < required && !this.rare[n]) continue;
      const name = this.names[n]!;
      const score = scoreName(tokens, name.tokens);
      if (score < minScore) continue;
      const e = name.entity;
      if (this.entityEpoch[e] !== epoch) {
        this.entityEpoch[e] = epoch;
        this.entityScore[e] = score;
        hitEntities.push(e);
      } else if (score > this.entityScore[e]!) this.entityScore[e] = score;
    }
    return hitEntities.map((entity) => ({ entity, score: this.entityScore[entity]! })).sort((a, b) => b.score - a.score);
  }
}
