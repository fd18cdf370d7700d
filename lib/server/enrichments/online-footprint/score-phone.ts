import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode, type NumberType } from "libphonenumber-js/max";
import type { ScoreDeduction } from "./score-email";

export interface PhoneScore {
  score: number;
  deductions: ScoreDeduction[];
  valid: boolean;
  /** Number type as libphonenumber-js's full metadata gives it (MOBILE, FIXED_LINE, VOIP, ...). */
  type: NumberType | null;
  /** ISO country of the number, when it has one. */
  country: string | null;
}

// A person's own line is a mobile (or, in the US and others, a number that may be either).
const TYPE_POINTS: Partial<Record<NonNullable<NumberType>, number>> = {
  MOBILE: 0,
  FIXED_LINE_OR_MOBILE: 0,
  FIXED_LINE: 15,
  PERSONAL_NUMBER: 30,
  VOIP: 40,
  PAGER: 40,
  UAN: 40,
  VOICEMAIL: 40,
  TOLL_FREE: 50,
  SHARED_COST: 50,
  PREMIUM_RATE: 60,
};

const TYPE_WORDS: Record<string, string> = {
  FIXED_LINE: "a landline",
  PERSONAL_NUMBER: "a personal forwarding number",
  VOIP: "an internet (VoIP) number",
  PAGER: "a pager number",
  UAN: "a company switchboard number",
  VOICEMAIL: "a voicemail number",
  TOLL_FREE: "a toll-free number",
  SHARED_COST: "a shared-cost number",
  PREMIUM_RATE: "a premium-rate number",
};

/**
 * How much a phone number looks like a person's own line: in its country's numbering plan, a
 * mobile rather than another kind of number, and from the country of the given address (by
 * calling code, so a Guernsey mobile agrees with a UK address).
 */
export function scorePhone(phone: string, addressCountry?: string | null): PhoneScore {
  const parsed = parsePhoneNumberFromString(phone.trim());
  if (!parsed) return { score: 0, deductions: [{ reason: "not a phone number", points: 100 }], valid: false, type: null, country: null };
  const deductions: ScoreDeduction[] = [];
  // In a numbering plan with types, isValid() is exactly "getType() finds a type" (libphonenumber-js's
  // isValidNumber), and every plan of the full metadata has them (pinned by a test), so the type is
  // worked out once instead of once more for validity (issue 14).
  const type = parsed.getType() ?? null;
  const valid = type !== null;
  if (!parsed.isPossible()) deductions.push({ reason: "not a possible number (wrong length for its country code)", points: 90 });
  else if (!valid) deductions.push({ reason: "not a number in its country's numbering plan", points: 70 });
  else if (type === null) deductions.push({ reason: "of unknown type", points: 20 });
  else if (TYPE_POINTS[type])
    deductions.push({ reason: `${TYPE_WORDS[type] ?? type.toLowerCase()}, not a mobile`, points: TYPE_POINTS[type]! });

  const wanted = addressCountry?.trim().toUpperCase();
  if (wanted && /^[A-Z]{2}$/.test(wanted)) {
    let wantedCode: string | null = null;
    try {
      wantedCode = getCountryCallingCode(wanted as CountryCode);
    } catch {
      // A country libphonenumber does not know: nothing to compare with.
    }
    if (wantedCode && wantedCode !== parsed.countryCallingCode) {
      deductions.push({
        reason: `from another country (+${parsed.countryCallingCode}${parsed.country ? `, ${parsed.country}` : ""}) than the address (${wanted})`,
        points: 25,
      });
    }
  }
  const score = Math.max(0, 100 - deductions.reduce((sum, d) => sum + d.points, 0));
  return { score, deductions, valid, type, country: parsed.country ?? null };
}
