import { editDistanceWithin, jaroWinkler } from "./jaro-winkler";
import { TokenKind, type NameToken } from "./normalize";

/*
 * Name score, 0–100: the query's tokens are aligned with the listed name's tokens in any order
 * (best pairs first), each pair scored as
 *   same word 1 · same skeleton (a transliteration variant) 0.98 · an initial and a word it starts
 *   0.95 · a typo: Jaro-Winkler, for words within an edit (4–7 letters) or two (8 and more), less
 *   0.05 when only their skeletons are that close ·
 *   a sound-alike: the Double Metaphone codes agree and the spelling, of the same length, is one
 *   substitution further, at least 0.93 · anything else 0.
 * The name score is the matched query tokens' weighted mean (long words weigh more, initials and
 * joining words less), less a small amount for words either side has and the other does not: a
 * listed word the query does not mention costs 2 at the name's ends and 0.5 in the middle (at most
 * 6 in all); a middle name of the query the list lacks costs 1, while a missing first or last name
 * rules the name out (30). A single word matching one word of a longer listed name stays below
 * any sensible threshold.
 */

const SAME_SKELETON = 0.98;
const BEST_FUZZY = 0.97;
const INITIAL = 0.95;
const PHONETIC = 0.93;
const FLOOR = 0.8;
const SINGLE_WORD_CAP = 80;
/** A first or last name of the query found nowhere in the listed name: not this person. */
const MISSING_EDGE = 30;
/** A middle name of the query the list does not give: lists often leave them out. */
const MISSING_MIDDLE = 1;

function allowedEdits(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

function soundAlike(q: NameToken, c: NameToken): boolean {
  if (q.dm1 === "" || c.dm1 === "") return false;
  return q.dm1 === c.dm1 || q.dm1 === c.dm2 || (q.dm2 !== "" && (q.dm2 === c.dm1 || q.dm2 === c.dm2));
}

export function tokenSimilarity(q: NameToken, c: NameToken): number {
  if (q.text === c.text) return 1;
  if (q.kind === TokenKind.Initial || c.kind === TokenKind.Initial) {
    if (q.kind === TokenKind.Particle || c.kind === TokenKind.Particle) return 0;
    return q.text[0] === c.text[0] ? INITIAL : 0;
  }
  if (q.skel === c.skel) return SAME_SKELETON;
  if (q.kind === TokenKind.Particle || c.kind === TokenKind.Particle) return 0;
  const shorter = Math.min(q.skel.length, c.skel.length);
  const limit = allowedEdits(shorter);
  // Sound-alikes may differ by one more substituted letter (Mohammed/Muhammad), not by a longer
  // or shorter word (Guia/Guiaue).
  const phonetic = shorter >= 3 && q.skel.length === c.skel.length && soundAlike(q, c);
  if (limit > 0 && editDistanceWithin(q.text, c.text, limit) <= limit) {
    const jw = Math.min(BEST_FUZZY, jaroWinkler(q.text, c.text));
    return phonetic ? Math.max(jw, PHONETIC) : jw >= FLOOR ? jw : 0;
  }
  const reach = limit + (phonetic ? 1 : 0);
  if (reach === 0 || editDistanceWithin(q.skel, c.skel, reach) > reach) return 0;
  // A typo on top of another transliteration: the skeletons fold letters together (c/z/s, y/i),
  // so their likeness counts for less than the words' own.
  const jw = Math.min(BEST_FUZZY, jaroWinkler(q.skel, c.skel) - 0.05);
  return phonetic ? Math.max(jw, PHONETIC) : jw >= FLOOR ? jw : 0;
}

function weight(token: NameToken): number {
  if (token.kind === TokenKind.Initial) return 1;
  if (token.kind === TokenKind.Particle) return 0.3;
  return 2 + Math.min(token.text.length, 10) * 0.2;
}

/** Most tokens of a name that are compared (a longer name is cut). */
export const MAX_TOKENS = 16;
const own = new Float64Array(MAX_TOKENS * MAX_TOKENS);
const ownKinds = new Uint8Array(MAX_TOKENS);
const usedQ = new Uint8Array(MAX_TOKENS);
const usedC = new Uint8Array(MAX_TOKENS);
const simOfQ = new Float64Array(MAX_TOKENS);

/** 0–100: how well the query names the listed name (see the header). */
export function scoreName(query: readonly NameToken[], candidate: readonly NameToken[]): number {
  const nq = Math.min(query.length, MAX_TOKENS);
  const nc = Math.min(candidate.length, MAX_TOKENS);
  for (let j = 0; j < nc; j++) {
    ownKinds[j] = candidate[j]!.kind;
    for (let i = 0; i < nq; i++) own[i * MAX_TOKENS + j] = tokenSimilarity(query[i]!, candidate[j]!);
  }
  return scoreAlignment(query, ownKinds, nc, own);
}

/**
 * The name score from the pair similarities already in `sims` (row i = query token i, column j =
 * the listed name's token j, stride MAX_TOKENS) and the listed tokens' kinds: the index fills
 * both from its per-query cache.
 */
export function scoreAlignment(
  query: readonly NameToken[],
  candidateKinds: ArrayLike<number>,
  candidateLength: number,
  sims: Float64Array,
): number {
  const nq = Math.min(query.length, MAX_TOKENS);
  const nc = Math.min(candidateLength, MAX_TOKENS);
  if (nq === 0 || nc === 0) return 0;
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
  // The query's edges: its first and last words (joining words aside), first and last name.
  let firstEdge = -1;
  let lastEdge = -1;
  for (let i = 0; i < nq; i++) {
    if (query[i]!.kind === TokenKind.Particle) continue;
    if (firstEdge < 0) firstEdge = i;
    lastEdge = i;
  }
  let total = 0;
  let weights = 0;
  let matched = 0;
  let fullInQuery = 0;
  let missing = 0;
  for (let i = 0; i < nq; i++) {
    const token = query[i]!;
    if (token.kind === TokenKind.Full) fullInQuery++;
    if (simOfQ[i]! > 0) {
      const w = weight(token);
      total += w * simOfQ[i]!;
      weights += w;
      if (token.kind !== TokenKind.Particle) matched++;
    } else if (token.kind !== TokenKind.Particle) {
      missing += i === firstEdge || i === lastEdge ? MISSING_EDGE : MISSING_MIDDLE;
    }
  }
  if (weights === 0) return 0;
  let penalty = 0;
  let fullInCandidate = 0;
  for (let j = 0; j < nc; j++) {
    if (candidateKinds[j] !== TokenKind.Full) continue;
    fullInCandidate++;
    if (!usedC[j]) penalty += j === 0 || j === nc - 1 ? 2 : 0.5;
  }
  let score = (100 * total) / weights - Math.min(penalty, 6) - missing;
  // One word (with no initial beside it) is not a name match against a longer listed name.
  if (matched < 2 && fullInCandidate >= 2) score = Math.min(score, SINGLE_WORD_CAP);
  if (fullInQuery === 0) score = Math.min(score, SINGLE_WORD_CAP);
  return Math.max(0, Math.min(100, score));
}
