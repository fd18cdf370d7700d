/*
 * Dates as UK documents print them: 12 March 2026, 12th March 2026, 12 Mar 26, 12-Mar-2026,
 * 12/03/2026, 12/03/26, 12.03.2026, 2026-03-12, March 12, 2026. Numeric dates are day first
 * (UK). OCR's letter-for-digit slips (O→0, l→1) are mended inside numbers only.
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_WORD =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

const PATTERNS: { re: RegExp; parts: (m: RegExpMatchArray) => [string, string, string] }[] = [
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s.\\-/]*${MONTH_WORD}\\.?[\\s.\\-/,]*(\\d{4}|\\d{2})\\b`, "i"),
    parts: (m) => [m[1]!, m[2]!, m[3]!],
  },
  { re: new RegExp(`\\b${MONTH_WORD}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "i"), parts: (m) => [m[2]!, m[1]!, m[3]!] },
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/, parts: (m) => [m[3]!, m[2]!, m[1]!] },
  { re: /\b(\d{1,2})\s?[/.\-]\s?(\d{1,2})\s?[/.\-]\s?(\d{4}|\d{2})\b/, parts: (m) => [m[1]!, m[2]!, m[3]!] },
];

/** Mends O/o/l/I inside runs that are mostly digits ("2O26" → "2026", "l2/03" → "12/03"). */
function mendDigits(text: string): string {
  return text.replace(/[0-9OoIl|]{2,}(?=[\s/.\-,]|$)|(?<=[\s/.\-]|^)[0-9OoIl|]{1,4}/g, (run) =>
    /\d/.test(run) ? run.replace(/[Oo]/g, "0").replace(/[Il|]/g, "1") : run,
  );
}

export type DateParse = { iso: string; index: number } | { iso: null; index: number } | null;

/**
 * The first date in the text: `{iso}` when it is a real calendar date, `{iso: null}` when
 * something date-shaped is not one (31/02/2026), null when there is no date at all.
 */
export function parseDocumentDate(text: string): DateParse {
  const mended = mendDigits(text);
  let best: { m: RegExpMatchArray; parts: [string, string, string] } | null = null;
  for (const { re, parts } of PATTERNS) {
    const m = mended.match(re);
    if (m && (best === null || m.index! < best.m.index!)) best = { m, parts: parts(m) };
  }
  if (!best) return null;
  const [d, mo, y] = best.parts;
  const day = Number(d);
  const month = /^\d+$/.test(mo) ? Number(mo) : MONTHS.indexOf(mo.slice(0, 3).toLowerCase()) + 1;
  const year = y.length === 2 ? 2000 + Number(y) : Number(y);
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = month >= 1 && month <= 12 && date.getUTCDate() === day && date.getUTCMonth() === month - 1 && year >= 1990 && year <= 2100;
  return { iso: valid ? date.toISOString().slice(0, 10) : null, index: best.m.index! };
}
