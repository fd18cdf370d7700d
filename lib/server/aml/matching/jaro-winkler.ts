/*
 * Jaro-Winkler similarity (Winkler 1990) and a bounded edit distance, written here rather than taken
 * from a package: both are a few lines, and the screening loop calls them millions of times, so
 * they reuse their buffers instead of allocating per call.
 */

const MAX = 64;
const matchedA = new Uint8Array(MAX);
const matchedB = new Uint8Array(MAX);

/** 0..1; 1 for equal strings. Winkler's prefix bonus: up to 4 characters, scale 0.1. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = Math.min(a.length, MAX);
  const lb = Math.min(b.length, MAX);
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  matchedA.fill(0, 0, la);
  matchedB.fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    const ca = a.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] || b.charCodeAt(j) !== ca) continue;
      matchedA[i] = 1;
      matchedB[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < la; i++) {
    if (!matchedA[i]) continue;
    while (!matchedB[j]) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
    j++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

const rowPrev2 = new Int32Array(MAX + 1);
const rowPrev = new Int32Array(MAX + 1);
const rowCur = new Int32Array(MAX + 1);

/**
 * Optimal string alignment distance (insert, delete, substitute, swap two neighbours), or
 * `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  const la = Math.min(a.length, MAX);
  const lb = Math.min(b.length, MAX);
  if (Math.abs(la - lb) > limit) return limit + 1;
  for (let j = 0; j <= lb; j++) rowPrev[j] = j;
  let prev2 = rowPrev2;
  let prev = rowPrev;
  let cur = rowCur;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return Math.min(prev[lb]!, limit + 1);
}
