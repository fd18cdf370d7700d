import { indexKeys } from "./blocking-keys";
import { NameIndex } from "./name-index";
import { makeToken, nameWords, type NameToken } from "./normalize";
import { MAX_TOKENS } from "./score-name";

/** Grows like an array, ends as an Int32Array. */
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

/** Collects the listed names, then builds the NameIndex (see there) in one go. */
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
    return new NameIndex({
      words: this.words,
      nameEntity: this.nameEntity.toArray(),
      nameStart,
      nameWords,
      keyIds: this.keyIds,
      starts,
      flat,
      entityCount,
    });
  }
}
