/*
 * Birth dates as the lists write them → ISO, as precise as the list is: "07 Oct 1952" →
 * "1952-10-07", "Oct 1952" → "1952-10", "circa 1958" → "1958", "1960 to 1963" → each year.
 */

const MONTHS: Record<string, string> = {
  jan: "01",
  feb: "02",
  mar: "03",
  apr: "04",
  may: "05",
  jun: "06",
  jul: "07",
  aug: "08",
  sep: "09",
  oct: "10",
  nov: "11",
  dec: "12",
};

const pad = (n: string) => n.padStart(2, "0");

export function parseBirthDates(value: string | null | undefined): string[] {
  if (!value) return [];
  const text = value.trim().toLowerCase();
  let m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(text);
  if (m) return [m[3] ? `${m[1]}-${m[2]}-${m[3]}` : `${m[1]}-${m[2]}`];
  m = /^(\d{1,2})[ -]([a-z]{3})[a-z]*\.?[ -](\d{4})$/.exec(text);
  if (m && MONTHS[m[2]!]) return [`${m[3]}-${MONTHS[m[2]!]}-${pad(m[1]!)}`];
  m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  if (m) return [`${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`];
  m = /^([a-z]{3})[a-z]*\.? (\d{4})$/.exec(text);
  if (m && MONTHS[m[1]!]) return [`${m[2]}-${MONTHS[m[1]!]}`];
  m = /(\d{4})\s*(?:to|-|–)\s*(\d{4})/.exec(text);
  if (m) {
    const from = Number(m[1]);
    const to = Number(m[2]);
    if (to >= from && to - from <= 10) return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  }
  m = /(?:^|\D)(\d{4})(?:\D|$)/.exec(text);
  return m ? [m[1]!] : [];
}

export type BirthDateAgreement = "same_day" | "same_year" | "near" | "different" | "unknown";

/**
 * How a person's date of birth (YYYY-MM-DD) agrees with a listed entity's dates: the same day,
 * the same year (or month) where the list is only that precise, a year apart, or not at all.
 */
export function compareBirthDates(dateOfBirth: string | null | undefined, listed: readonly string[]): BirthDateAgreement {
  if (!dateOfBirth || listed.length === 0) return "unknown";
  const year = Number(dateOfBirth.slice(0, 4));
  let best: BirthDateAgreement = "different";
  for (const date of listed) {
    if (date.length === 10 && date === dateOfBirth.slice(0, 10)) return "same_day";
    const listedYear = Number(date.slice(0, 4));
    if (date.length < 10 && dateOfBirth.startsWith(date)) best = "same_year";
    else if (best !== "same_year" && Math.abs(listedYear - year) <= 1) best = "near";
  }
  return best;
}
