/*
 * UK postcodes in every format (A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA, and
 * GIR 0AA), normalised to upper case with one space before the inward code ("SW1A 2AA"). OCR
 * confuses letters and digits; each position of a postcode is either one or the other, so a
 * misread is put right by position (O→0 where a digit must be, 0→O where a letter must be).
 */

const STRICT = /^(?:GIR0AA|[A-PR-UWYZ](?:\d[A-HJKPSTUW]?|\d\d|[A-HK-Y]\d[ABEHMNPRVWXY]?|[A-HK-Y]\d\d?)\d[ABD-HJLNP-UW-Z]{2})$/;

const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", "|": "1", Z: "2", S: "5", B: "8", G: "6", T: "7" };
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "5": "S", "8": "B", "2": "Z", "6": "G" };

export function isUkPostcode(value: string): boolean {
  return STRICT.test(value.replace(/\s+/g, "").toUpperCase());
}

/** "sw1a2aa" → "SW1A 2AA"; null when it is not a postcode. */
export function normalizePostcode(value: string | null | undefined): string | null {
  if (!value) return null;
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return STRICT.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : null;
}

/** The outward-code shapes, as letter (L) / digit (D) patterns. */
const OUTWARD_SHAPES = ["LD", "LDD", "LLD", "LLDD", "LDL", "LLDL"];

function coerce(chars: string, shape: string): string | null {
  let out = "";
  for (let i = 0; i < shape.length; i++) {
    const c = chars[i]!;
    if (shape[i] === "D") out += /\d/.test(c) ? c : (TO_DIGIT[c] ?? "?");
    else out += /[A-Z]/.test(c) ? c : (TO_LETTER[c] ?? "?");
  }
  return out.includes("?") ? null : out;
}

export interface PostcodeHit {
  postcode: string;
  /** Where it starts in the text, and the text before it on the line (a town, usually). */
  index: number;
  before: string;
  /** True when letters/digits had to be swapped to make it valid. */
  repaired: boolean;
}

/** Every postcode in a line of text, strict matches first and OCR-repaired ones too. */
export function findPostcodes(line: string): PostcodeHit[] {
  const hits: PostcodeHit[] = [];
  const upper = line.toUpperCase();
  // An outward code (2–4 characters) and an inward code (3), with at most one space between.
  const loose = /(?<![A-Z0-9])([A-Z0-9|]{2,4})\s?([A-Z0-9|]{3})(?![A-Z0-9])/g;
  for (const m of upper.matchAll(loose)) {
    const [outRaw, inRaw] = [m[1]!, m[2]!];
    const inward = coerce(inRaw, "DLL");
    if (!inward) continue;
    // The reading that changes fewest characters: "LS6" stays LS6, never L56.
    let best: { outward: string; changes: number } | null = null;
    for (const shape of OUTWARD_SHAPES.filter((s) => s.length === outRaw.length)) {
      const outward = coerce(outRaw, shape);
      if (!outward || !STRICT.test(outward + inward)) continue;
      const changes = [...outward].filter((c, i) => c !== outRaw[i]).length;
      if (!best || changes < best.changes) best = { outward, changes };
    }
    if (!best) continue;
    const repaired = best.changes > 0 || inward !== inRaw;
    // A repaired hit needs some letters and digits of its own: "2026 ABC" is not a postcode.
    if (repaired && (!/[A-Z]/.test(outRaw) || !/\d/.test(outRaw))) continue;
    hits.push({ postcode: `${best.outward} ${inward}`, index: m.index, before: line.slice(0, m.index).trim(), repaired });
  }
  return hits;
}
