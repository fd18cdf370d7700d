/*
 * The DVLA driver number (field 5), 16 characters:
 *   1–5   the surname's first five letters, 9-padded (MAC is written MC; other non-letters dropped)
 *   6     the decade digit of the year of birth
 *   7–8   the month of birth, plus 50 for women
 *   9–10  the day of birth
 *   11    the year digit of the year of birth
 *   12–13 the first two initials, 9 where there are none
 *   14    an arbitrary digit (usually 9)
 *   15–16 two computer check characters (not verifiable: format only)
 * Everything but 14–16 is determined by the printed surname, date of birth and given names, which
 * makes the number independent evidence for what OCR read in fields 1–3.
 */

export const LICENCE_NUMBER_PATTERN = /^[A-Z9]{5}[0-9]{6}[A-Z9]{2}[0-9][A-Z0-9]{2}$/;

export interface DecodedLicenceNumber {
  surname: string;
  decade: string;
  month: number;
  day: number;
  yearDigit: string;
  sex: "M" | "F";
  initials: string;
}

/** Splits a well-formed number into its parts; null when it is not 16 characters of the right classes or the date part is impossible. */
export function decodeLicenceNumber(value: string): DecodedLicenceNumber | null {
  if (!LICENCE_NUMBER_PATTERN.test(value)) return null;
  const rawMonth = Number(value.slice(6, 8));
  const sex = rawMonth > 50 ? "F" : "M";
  const month = sex === "F" ? rawMonth - 50 : rawMonth;
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return {
    surname: value.slice(0, 5),
    decade: value.slice(5, 6),
    month,
    day,
    yearDigit: value.slice(10, 11),
    sex,
    initials: value.slice(11, 13),
  };
}

/** Chars 1–5 as the DVLA writes them for a printed surname. */
export function surnameCode(surname: string): string {
  let letters = surname.toUpperCase().replace(/[^A-Z]/g, "");
  if (letters.startsWith("MAC")) letters = `MC${letters.slice(3)}`;
  return letters.slice(0, 5).padEnd(5, "9");
}

/** Chars 12–13 for printed given names. */
export function initialsCode(givenNames: string): string {
  const names = givenNames
    .toUpperCase()
    .split(/[\s-]+/)
    .filter((name) => /^[A-Z]/.test(name));
  return names
    .slice(0, 2)
    .map((name) => name[0])
    .join("")
    .padEnd(2, "9");
}

export type NumberMismatch = "surname" | "date_of_birth" | "initials";

/** Which printed fields the number contradicts (empty: it fits them all). */
export function numberMismatches(
  decoded: DecodedLicenceNumber,
  printed: { surname: string; givenNames: string; dateOfBirth: string },
): NumberMismatch[] {
  const mismatches: NumberMismatch[] = [];
  if (decoded.surname !== surnameCode(printed.surname)) mismatches.push("surname");
  const [year = "", month = "", day = ""] = printed.dateOfBirth.split("-");
  if (decoded.decade !== year[2] || decoded.yearDigit !== year[3] || decoded.month !== Number(month) || decoded.day !== Number(day)) {
    mismatches.push("date_of_birth");
  }
  if (decoded.initials !== initialsCode(printed.givenNames)) mismatches.push("initials");
  return mismatches;
}
