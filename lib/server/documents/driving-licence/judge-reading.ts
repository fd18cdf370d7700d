import { decodeLicenceNumber, numberMismatches, type NumberMismatch } from "./licence-number";
import type { ParsedFields } from "./parse-fields";
import type { DrivingLicenceFailedReason, DrivingLicenceReading, LicenceCheck } from "./types";

/*
 * Turns two independent parses of the card into the reading: a field is taken only where both
 * passes read it alike; the licence number must be well formed and fit the printed surname, date
 * of birth and initials; the dates must be in a possible order. Anything short of that is
 * `certain: false` with a failed validation, and a request for another photo when the cause is
 * the photo rather than the document.
 */

const AUTHORITIES = new Set(["DVLA", "DVA"]);
const TITLE = "DRIVINGLICENCE";

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/** True when one line of the title area reads "DRIVING LICENCE" give or take three letters. */
export function titleMatches(title: string): boolean {
  return title.split("\n").some((line) => editDistance(line.toUpperCase().replace(/[^A-Z]/g, ""), TITLE) <= 3);
}

const check = (reasons: DrivingLicenceFailedReason[]): LicenceCheck =>
  reasons.length ? { status: "fail", failed_reasons: [...new Set(reasons)] } : { status: "pass" };

const REQUIRED = ["surname", "givenNames", "dateOfBirth", "documentNumber", "dateOfIssue", "expirationDate", "issuingAuthority"] as const;

const LABELS: Record<(typeof REQUIRED)[number], string> = {
  surname: "surname",
  givenNames: "given names",
  dateOfBirth: "date of birth",
  documentNumber: "licence number",
  dateOfIssue: "issue date",
  expirationDate: "expiry date",
  issuingAuthority: "issuing authority",
};

export function judgeReading(
  first: ParsedFields,
  second: ParsedFields,
  features: { title: boolean; portrait: boolean },
  now: Date,
): Omit<DrivingLicenceReading, "faceBox"> {
  const agreed = Object.fromEntries(
    REQUIRED.map((key) => [key, first[key] !== null && first[key] === second[key] ? first[key] : null]),
  ) as Record<(typeof REQUIRED)[number], string | null>;
  const unread = REQUIRED.filter((key) => agreed[key] === null);
  const reasons: DrivingLicenceFailedReason[] = [];
  if (unread.length) reasons.push("PARTIAL_EXTRACTION");
  if (first.malformed.some((key) => key !== "1" && key !== "2" && key !== "5")) reasons.push("INVALID_DOCUMENT_DATE_FORMAT");

  const decoded = agreed.documentNumber ? decodeLicenceNumber(agreed.documentNumber) : null;
  if (agreed.documentNumber && !decoded) reasons.push("INVALID_ID_FORMAT");
  let mismatches: NumberMismatch[] = [];
  if (decoded && agreed.surname && agreed.givenNames && agreed.dateOfBirth) {
    mismatches = numberMismatches(decoded, { surname: agreed.surname, givenNames: agreed.givenNames, dateOfBirth: agreed.dateOfBirth });
    if (mismatches.length) reasons.push("INVALID_ID_FORMAT");
  }
  if (agreed.issuingAuthority && !AUTHORITIES.has(agreed.issuingAuthority)) reasons.push("INVALID_ISSUING_AUTHORITY");

  // A licence is issued after birth and before it expires, and a photocard lasts at most ten years.
  const { dateOfBirth: birth, dateOfIssue: issue, expirationDate: expiry } = agreed;
  const tenYears = (from: string) => `${Number(from.slice(0, 4)) + 10}${from.slice(4)}`;
  const datesPossible = !birth || !issue || !expiry || (birth < issue && issue < expiry && expiry <= tenYears(issue));
  if (!datesPossible) reasons.push("INVALID_DOCUMENT_DATE_FORMAT");

  const today = now.toISOString().slice(0, 10);
  const hasNotExpired = check(expiry ? (expiry < today ? ["EXPIRY_DATE_PASSED"] : []) : ["PARTIAL_EXTRACTION"]);
  const featureReasons: DrivingLicenceFailedReason[] = features.title && features.portrait ? [] : ["DOCUMENT_FEATURE_MISSING"];
  const certain = reasons.length === 0 && decoded !== null && mismatches.length === 0 && featureReasons.length === 0;

  let retake: DrivingLicenceReading["retake"] = null;
  if (unread.length) {
    retake = {
      reason: "unreadable",
      message: `The ${unread.map((key) => LABELS[key]).join(", ")} could not be read with certainty. Take another photo of the front of the licence, flat, filling the frame, in even light without glare.`,
    };
  } else if (!datesPossible) {
    retake = {
      reason: "unreadable",
      message: "The dates on the licence could not be read with certainty. Take another photo of the front, in even light.",
    };
  }

  return {
    identity: {
      firstName: agreed.givenNames,
      lastName: agreed.surname,
      dateOfBirth: agreed.dateOfBirth,
      sex: decoded && !mismatches.length ? decoded.sex : null,
      nationality: null,
      documentNumber: agreed.documentNumber,
      expirationDate: agreed.expirationDate,
      dateOfIssue: agreed.dateOfIssue,
      issuingCountry: "GBR",
    },
    extracted: {
      first_name: agreed.givenNames,
      last_name: agreed.surname,
      document_number: agreed.documentNumber,
      date_of_birth: agreed.dateOfBirth,
      expiration_date: agreed.expirationDate,
      issuing_authority: agreed.issuingAuthority,
      date_of_issue: agreed.dateOfIssue,
      issuing_country: "GB",
    },
    validations: {
      required_fields_extracted: check(reasons),
      has_not_expired: hasNotExpired,
      document_features_present: check(featureReasons),
    },
    certain,
    retake,
  };
}
