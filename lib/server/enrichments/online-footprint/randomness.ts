/*
 * Whether the part of an email before @ looks typed by a person or made by a machine. People
 * pick names, words and a few digits; generators produce consonant clusters, long digit runs and
 * letters and digits interleaved. Each sign costs points, capped so randomness alone cannot
 * push a mailbox below what a disposable domain costs.
 */

export const RANDOMNESS_CAP = 45;

const VOWELS = new Set("aeiouy");

export function randomnessOf(localPart: string): { points: number; reasons: string[] } {
  const text = localPart.toLowerCase();
  const letters = text.replace(/[^a-z]/g, "");
  const digits = text.replace(/[^0-9]/g, "");
  const reasons: string[] = [];
  let points = 0;

  // Consonant runs are measured within each letter group: "schmidt" has 4, "xkqzvwp" 7.
  const longestConsonants = Math.max(
    0,
    ...(text.match(/[a-z]+/g) ?? []).flatMap((group) => (group.match(/[^aeiouy]+/g) ?? []).map((run) => run.length)),
  );
  if (longestConsonants >= 5) {
    points += 20;
    reasons.push(`${longestConsonants} consonants in a row`);
  } else if (longestConsonants === 4) points += 5;

  if (letters.length >= 6) {
    const vowelShare = [...letters].filter((c) => VOWELS.has(c)).length / letters.length;
    if (vowelShare < 0.12) {
      points += 15;
      reasons.push("almost no vowels");
    }
  }

  if (digits.length >= 5) {
    points += 20;
    reasons.push(`${digits.length} digits`);
  } else if (digits.length >= 3) {
    points += 10;
    reasons.push(`${digits.length} digits`);
  }

  const switches = (text.match(/[a-z](?=[0-9])|[0-9](?=[a-z])/g) ?? []).length;
  if (switches >= 3) {
    points += switches >= 5 ? 25 : 15;
    reasons.push("letters and digits interleaved");
  }

  const compact = text.replace(/[^a-z0-9]/g, "");
  if (compact.length >= 12 && new Set(compact).size / compact.length > 0.85) {
    points += 10;
    reasons.push("hardly a character repeats");
  }

  if (points > 0 && reasons.length === 0) reasons.push(`${longestConsonants} consonants in a row`);
  return { points: Math.min(points, RANDOMNESS_CAP), reasons };
}
