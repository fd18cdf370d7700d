import { queryKeys } from "./blocking-keys";
import { makeToken, nameWords, TokenKind, type NameToken } from "./normalize";
import { MAX_TOKENS, scoreAlignment, tokenSimilarity } from "./score-name";

/*
 * An in-memory index of listed names for screening one person in a few milliseconds among
 * millions of names. Every word of every name is filed under blocking keys (blocking-keys.ts:
 * skeleton, sound, typo keys), so "Poutine", "Putin", "Putn" and "Puttin" meet. A query reaches
 * the names that share a key with its first and with its last word (a first or last name found
 * nowhere rules a name out, see scoreName; middle names may be missing on either side); with one
 * word and initials ("V. Putin"), the names must also have a word starting with each initial.
 * Only those candidates are scored. Names are runs of word numbers in flat typed arrays (little
 * memory, few pointers to chase), and each listed word's similarity to the query is computed once
 * per query, however many names share it.
 */

/** A lone query word filed under more names than this is narrowed by the query's initials. */
const COMMON_WORD = 2048;

export interface NameHit {
  entity: number;
  /** 0–100, the best of the entity's names. */
  score: number;
}

export interface IndexData {
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
    return this.searchTokens(
      nameWords(query)
        .slice(0, MAX_TOKENS)
        .map((w) => makeToken(w)),
      minScore,
    );
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
      for (const letter of new Set(tokens.filter((t) => t.kind === TokenKind.Initial).map((t) => t.text)))
        units.push(lookup(makeToken(letter)));
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
