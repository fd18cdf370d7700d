import { editDistanceWithin, jaroWinkler } from "./jaro-winkler";
import { TokenKind, type NameToken } from "./normalize";

/*
 * Name score, 0–100: the query's tokens are aligned with the listed name's tokens in any order
 * (best pairs first), each pair scored as
 *   same word 1 · same skeleton (a transliteration variant) 0.98 · an initial and a word it starts
 *   0.95 · otherwise Jaro-Winkler, kept only within a typo's reach (an edit for words of 4–7
 *   letters, two from 8) or when the Double Metaphone codes agree (then at least 0.93).
 * The name score is the query tokens' weighted mean (long words weigh more, initials and joining
 * words less), less a small amount for listed words the query did not mention (middle names cost
 * less than first or last ones). A single word matching one word of a longer listed name stays
 * below any sensible threshold.
 */

const SAME_SKELETON = 0.98;
const INITIAL = 0.95;
const PHONETIC = 0.93;
const FLOOR = 0.85;
const SINGLE_WORD_CAP = 80;

function allowedEdits(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

export function tokenSimilarity(q: NameToken, c: NameToken): number {
  if (q.text === c.text) return 1;
  if (q.kind === TokenKind.Initial || c.kind === TokenKind.Initial) {
    if (q.kind === TokenKind.Particle || c.kind === TokenKind.Particle) return 0;
    return q.text[0] === c.text[0] ? INITIAL : 0;
  }
  if (q.kind === TokenKind.Particle || c.kind === TokenKind.Particle) return q.skel === c.skel ? SAME_SKELETON : 0;
  if (q.skel === c.skel) return SAME_SKELETON;
  const phonetic = q.dm1 !== "" && (q.dm1 === c.dm1 || q.dm1 === c.dm2 || (q.dm2 !== "" && (q.dm2 === c.dm1 || q.dm2 === c.dm2)));
  const jw = Math.max(jaroWinkler(q.text, c.text), jaroWinkler(q.skel, c.skel) - 0.01);
  if (phonetic && Math.min(q.skel.length, c.skel.length) >= 3) return Math.min(SAME_SKELETON - 0.01, Math.max(jw, PHONETIC));
  if (jw < FLOOR) return 0;
  const limit = allowedEdits(Math.min(q.skel.length, c.skel.length));
  return limit > 0 && editDistanceWithin(q.skel, c.skel, limit) <= limit ? Math.min(jw, SAME_SKELETON - 0.01) : 0;
}

function weight(token: NameToken): number {
  if (token.kind === TokenKind.Initial) return 1;
  if (token.kind === TokenKind.Particle) return 0.3;
  return 2 + Math.min(token.text.length, 10) * 0.2;
}

const MAX_TOKENS = 16;
const sims = new Float64Array(MAX_TOKENS * MAX_TOKENS);
const usedQ = new Uint8Array(MAX_TOKENS);
const usedC = new Uint8Array(MAX_TOKENS);
const simOfQ = new Float64Array(MAX_TOKENS);

/** 0–100: how well the query names the listed name (see the header). */
export function scoreName(query: readonly NameToken[], candidate: readonly NameToken[]): number {
  const nq = Math.min(query.length, MAX_TOKENS);
  const nc = Math.min(candidate.length, MAX_TOKENS);
  if (nq === 0 || nc === 0) return 0;
  for (let i = 0; i < nq; i++) for (let j = 0; j < nc; j++) sims[i * MAX_TOKENS + j] = tokenSimilarity(query[i]!, candidate[j]!);
  usedQ.fill(0, 0, nq);
  usedC.fill(0, 0, nc);
  simOfQ.fill(0, 0, nq);
  // Greedy best-pair alignment: names are a handful of words, so this is the optimum in practice.
  for (;;) {
    let best = 0;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < nq; i++) {
      if (usedQ[i]) continue;
      for (let j = 0; j < nc; j++) {
        const s = sims[i * MAX_TOKENS + j]!;
        if (!usedC[j] && s > best) {
          best = s;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) break;
    usedQ[bi] = 1;
    usedC[bj] = 1;
    simOfQ[bi] = best;
  }
  let total = 0;
  let weights = 0;
  let fullMatched = 0;
  let initialsMatched = 0;
  let fullInQuery = 0;
  for (let i = 0; i < nq; i++) {
    const token = query[i]!;
    const w = weight(token);
    total += w * simOfQ[i]!;
    weights += w;
    if (token.kind === TokenKind.Full) fullInQuery++;
    if (simOfQ[i]! > 0 && token.kind === TokenKind.Full) fullMatched++;
    if (simOfQ[i]! > 0 && token.kind === TokenKind.Initial) initialsMatched++;
  }
  let penalty = 0;
  let fullInCandidate = 0;
  for (let j = 0; j < nc; j++) {
    if (candidate[j]!.kind !== TokenKind.Full) continue;
    fullInCandidate++;
    if (!usedC[j]) penalty += j === 0 || j === nc - 1 ? 2 : 0.5;
  }
  let score = (100 * total) / weights - Math.min(penalty, 6);
  // One word (with no initial beside it) is not a name match against a longer listed name.
  if (fullMatched + initialsMatched < 2 && fullInCandidate >= 2) score = Math.min(score, SINGLE_WORD_CAP);
  if (fullInQuery === 0) score = Math.min(score, SINGLE_WORD_CAP);
  return Math.max(0, Math.min(100, score));
}
