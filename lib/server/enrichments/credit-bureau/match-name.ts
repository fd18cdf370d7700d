import { normalizeName } from "../../network/keys";

export type NameMatch = "exact" | "close" | null;

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** One letter wrong, missing, extra or two swapped; only for names long enough to tell apart. */
function typoOf(a: string, b: string): boolean {
  return Math.min(a.length, b.length) >= 4 && editDistance(a, b, 1) <= 1;
}

function wordMatch(given: string, recorded: string): NameMatch {
  if (given === recorded) return "exact";
  // An initial stands for a name that starts with it ("J" for "Jane").
  if ((given.length === 1 && recorded.startsWith(given)) || (recorded.length === 1 && given.startsWith(recorded))) return "close";
  return typoOf(given, recorded) ? "close" : null;
}

/** "Mary Ann" ~ "Mary-Ann" ~ "Maryann": compare words, and the words run together. */
function partMatch(given: string, recorded: string, firstWordCounts = false): NameMatch {
  const g = normalizeName(given);
  const r = normalizeName(recorded);
  if (!g || !r) return null;
  if (g.replace(/ /g, "") === r.replace(/ /g, "")) return "exact";
  const direct = wordMatch(g.replace(/ /g, ""), r.replace(/ /g, ""));
  if (direct) return direct;
  if (!firstWordCounts) return null;
  // A first name given with a middle name, or the other way round: the first words agree.
  const first = wordMatch(g.split(" ")[0]!, r.split(" ")[0]!);
  return first === "exact" ? "close" : first === "close" && (g.includes(" ") || r.includes(" ")) ? "close" : null;
}

const weaker = (a: NameMatch, b: NameMatch): NameMatch => (!a || !b ? null : a === "close" || b === "close" ? "close" : "exact");

/**
 * Whether a recorded person has the given name: case, accents and punctuation ignored; first
 * and last name may be swapped; an initial, a middle name, or one typo makes a "close" match.
 */
export function matchName(given: { firstName: string; lastName: string }, recorded: { firstName: string; lastName: string }): NameMatch {
  const straight = weaker(partMatch(given.firstName, recorded.firstName, true), partMatch(given.lastName, recorded.lastName));
  if (straight === "exact") return straight;
  const swapped = weaker(partMatch(given.firstName, recorded.lastName), partMatch(given.lastName, recorded.firstName));
  if (swapped) return "close";
  return straight;
}
