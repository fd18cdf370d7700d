import { ISSUING_STATES, issuingState } from "./countries";
import { NAMES, NAMING_TRADITIONS, PLACES_OF_BIRTH, type NamingTradition } from "./names";
import type { Rng } from "./random";
import { randomUkAddress, type UkAddress } from "./uk-address";

export { NAMING_TRADITIONS, type NamingTradition } from "./names";
export type { UkAddress } from "./uk-address";

/** The generator's "today": documents are valid or expired relative to this day. */
export const GENERATOR_TODAY = "2026-11-24";

export interface Person {
  tradition: NamingTradition;
  /** As printed in the VIZ, with diacritics (e.g. "Núñez García", "O'Brien"). */
  surname: string;
  givenNames: string;
  sex: "M" | "F" | "X";
  /** ISO dates YYYY-MM-DD. */
  dateOfBirth: string;
  placeOfBirth: string;
  /** ISO 3166-1 alpha-3 (DEU, never D: the MRZ code is in mrz-text's truth). */
  nationality: string;
  issuingState: string;
  /** 9 characters, A–Z and 0–9. */
  documentNumber: string;
  dateOfIssue: string;
  dateOfExpiry: string;
  authority: string;
  /** Optional data (TD3 personal number / TD1 optional data): A–Z 0–9 only, or "". */
  personalNumber: string;
  address?: UkAddress;
}

export interface PersonOptions {
  tradition?: NamingTradition;
  /** Force the issuing state (and nationality, unless given). */
  issuingState?: string;
  nationality?: string;
  /** Make the document expired relative to GENERATOR_TODAY. */
  expired?: boolean;
  /** Attach a UK address. Default: when the issuing state is GBR or by a 30 % chance. */
  withAddress?: boolean;
  /** Share of sex X (written "<" in the MRZ). Default 0.03. */
  sexXRate?: number;
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

function addYears(iso: string, years: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  // A document issued on 29 February expires on 28 February, not on 1 March.
  if (d.getUTCDate() !== Number(iso.slice(8, 10))) d.setUTCDate(0);
  return isoDate(d);
}

function randomDate(rng: Rng, fromIso: string, toIso: string): string {
  const from = Date.parse(`${fromIso}T00:00:00Z`);
  const to = Date.parse(`${toIso}T00:00:00Z`);
  return isoDate(new Date(from + rng.int(0, Math.round((to - from) / 86_400_000)) * 86_400_000));
}

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// German document numbers avoid vowels and look-alikes; other "alnum" states mix freely.
const DEU_CHARS = "CFGHJKLMNPRTVWXYZ0123456789";

function chars(rng: Rng, alphabet: string, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += alphabet[rng.int(0, alphabet.length - 1)];
  return out;
}

export function randomDocumentNumber(rng: Rng, stateCode: string): string {
  const style = issuingState(stateCode).numberStyle;
  switch (style) {
    case "digits":
      return chars(rng, DIGITS, 9);
    case "letter+digits": {
      const letters = rng.int(1, 2);
      return chars(rng, LETTERS, letters) + chars(rng, DIGITS, 9 - letters);
    }
    case "2digits+2letters+5digits":
      return chars(rng, DIGITS, 2) + chars(rng, LETTERS, 2) + chars(rng, DIGITS, 5);
    case "alnum":
      return stateCode === "DEU" ? chars(rng, "CFGHJKLMNPRTVWXYZ", 1) + chars(rng, DEU_CHARS, 8) : chars(rng, LETTERS + DIGITS, 9);
  }
}

function polishSurname(surname: string, sex: Person["sex"]): string {
  if (sex !== "F") return surname;
  return surname.replace(/([sc])ki$/, "$1ka");
}

function distinctPicks(rng: Rng, items: readonly string[], count: number): string[] {
  const out: string[] = [];
  for (let guard = 0; out.length < count && guard < 50; guard++) {
    const item = rng.pick(items);
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

export function randomPerson(rng: Rng, options: PersonOptions = {}): Person {
  const tradition = options.tradition ?? rng.pick(NAMING_TRADITIONS);
  const list = NAMES[tradition];
  const sex: Person["sex"] = rng.chance(options.sexXRate ?? 0.03) ? "X" : rng.chance(0.5) ? "M" : "F";
  const givenPool = sex === "M" ? list.male : sex === "F" ? list.female : [...list.male, ...list.female];
  const givenNames = distinctPicks(rng, givenPool, rng.int(...list.givenCount)).join(" ");
  let surname = distinctPicks(rng, list.surnames, rng.int(...list.surnameCount)).join(" ");
  if (tradition === "polish") surname = polishSurname(surname, sex);

  const nationality =
    options.nationality ?? (options.issuingState && !options.nationality ? options.issuingState : rng.pick(list.nationalities));
  const stateCode = options.issuingState ?? nationality;
  const state = issuingState(stateCode);
  if (!ISSUING_STATES[nationality]) throw new Error(`no state ${nationality}`);

  // Adults only (issued at 16 or later, 10-year validity), so the validity is simply issue + 10 years.
  const dateOfBirth = randomDate(rng, "1940-01-01", options.expired ? "1990-12-31" : "2008-11-23");
  const earliest = addYears(dateOfBirth, 16);
  // Valid: issued after today − 10 years (so still running on GENERATOR_TODAY); expired: ended before it.
  const [from, to] = options.expired
    ? ["2009-01-01", addYears(addDays(GENERATOR_TODAY, -2), -10)]
    : [addDays(addYears(GENERATOR_TODAY, -10), 2), addDays(GENERATOR_TODAY, -20)];
  const issue = randomDate(rng, earliest > from ? earliest : from, to);
  const dateOfExpiry = addDays(addYears(issue, 10), -1);

  const person: Person = {
    tradition,
    surname,
    givenNames,
    sex,
    dateOfBirth,
    placeOfBirth: rng.pick(PLACES_OF_BIRTH[nationality] ?? PLACES_OF_BIRTH[stateCode] ?? ["UNKNOWN"]),
    nationality,
    issuingState: stateCode,
    documentNumber: randomDocumentNumber(rng, stateCode),
    dateOfIssue: issue,
    dateOfExpiry,
    authority: rng.pick(state.authority),
    personalNumber: rng.chance(0.25) ? chars(rng, DIGITS, rng.int(6, 11)) : "",
  };
  if (options.withAddress ?? (stateCode === "GBR" || rng.chance(0.3))) person.address = randomUkAddress(rng);
  return person;
}
