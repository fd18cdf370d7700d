import sharp from "sharp";
import { normalizeText } from "../../aml/matching/normalize";
import { compareNames } from "../compare-identity";
import type { SupportingInput, SupportingResult } from "./supporting-types";
import { check, failed, notPerformed, outcomeOf, pass, type Validations } from "../validation";
import { extractDetails, type SupportingDetails } from "./extract-details";
import { ocrPage } from "./ocr-page";
import { MAX_PDF_PAGES, readPdfText } from "./pdf-text";
import { preparePhoto } from "./prepare-photo";
import { renderPdfPages } from "./render-pdf-page";
import { layoutSegments, type PageLayout } from "./text-layout";
import { normalizePostcode } from "./uk-postcode";

/*
 * An address document (bank statement, bill, council tax bill, payslip…) read from a text PDF's
 * own text, a scanned PDF drawn and OCR'd, or a photo OCR'd, then judged against the claim with
 * the spec's validations (real-api.md SupportingDocumentValidationsApi). Nothing is guessed: a
 * field not found fails `required_fields_extracted` and asks for another document; a page too
 * poorly read fails `document_complete_and_legible`.
 */

/**
 * A photo or scan whose characters the learned OCR is this unsure of (mean, 0–100) is not read
 * with certainty. Its recognizer scores a legible line 0.9–1.0 and drops lines under 0.5 itself.
 */
const MIN_OCR_CONFIDENCE = 80;
/** Fewer words than this is not a bill or statement (a blank page, a photo of something else). */
const MIN_WORDS = 25;
const MIN_WORDLIKE_SHARE = 0.55;
/** A document dated this far ahead is a misreading or a forgery, not a future bill. */
const FUTURE_TOLERANCE_DAYS = 2;

type Read = { ok: true; layout: PageLayout; confidence: number | null } | { ok: false; message: string };

async function readText(bytes: Buffer): Promise<Read> {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") {
    const text = await readPdfText(bytes);
    if (text.kind === "failure") return { ok: false, message: text.message };
    if (text.kind === "text") return { ok: true, layout: text.layout, confidence: null };
    // No text layer: a scan. Draw page 1 (where the holder, address and date are) and read it.
    const drawn = await renderPdfPages(bytes, [0], MAX_PDF_PAGES);
    if (!drawn.ok) return { ok: false, message: drawn.message };
    const page = drawn.pages[0];
    if (!page) return { ok: false, message: "The PDF has no pages" };
    const { data, info } = await sharp(page.png).raw().toBuffer({ resolveWithObject: true });
    const ocr = await ocrPage({ data, width: info.width, height: info.height, channels: info.channels }, 0);
    return {
      ok: true,
      layout: { segments: layoutSegments(ocr.pieces), pages: [{ width: ocr.width, height: ocr.height }] },
      confidence: ocr.confidence,
    };
  }
  const photo = await preparePhoto(bytes);
  if (!photo.ok) return { ok: false, message: photo.message };
  const ocr = await ocrPage(photo.image, 0);
  return {
    ok: true,
    layout: { segments: layoutSegments(ocr.pieces), pages: [{ width: ocr.width, height: ocr.height }] },
    confidence: ocr.confidence,
  };
}

/**
 * "JUNJIE CHEN" → first and last name; a single word is a surname only. A printed name does not
 * say where a compound surname starts ("FRANCISCO LOPEZ ECHEVERRIA"): when its last words spell
 * the claimed surname, those words are the surname; otherwise the last word is.
 */
function splitName(holder: string | null, claimedLast: string | null | undefined): { first: string | null; last: string | null } {
  const words = (holder ?? "").split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first: null, last: null };
  if (words.length === 1) return { first: null, last: words[0]! };
  const claimed = normalizeText(claimedLast ?? "")
    .split(" ")
    .filter(Boolean);
  // The tail is counted in printed words: "BIN LADEN-RASHID" is two of them, three once normalised.
  const wanted = claimed.join(" ");
  for (let k = 2; claimed.length > 1 && k < words.length; k++) {
    const tail = words.slice(-k).join(" ");
    if (normalizeText(tail) === wanted) return { first: words[0]!, last: tail };
  }
  return { first: words[0]!, last: words[words.length - 1]! };
}

function daysBetween(isoDate: string, now: Date): number {
  return (now.getTime() - Date.parse(`${isoDate}T00:00:00Z`)) / 86_400_000;
}

/** Same postcode, and the claimed first line's number and street words found in the document's address lines. */
function addressesAgree(
  details: SupportingDetails,
  claim: NonNullable<NonNullable<SupportingInput["claim"]>["address"]>,
): { consistent: boolean; mismatches: string[] } {
  const mismatches: string[] = [];
  const claimedPostcode = normalizePostcode(claim.postcode ?? "");
  if (claimedPostcode && claimedPostcode !== normalizePostcode(details.postcode)) mismatches.push("postcode");
  const printed = ` ${normalizeText(details.addressLines.join(" "))} `;
  const expected = [claim.residenceNumber, claim.buildingName, claim.street].filter((p): p is string => !!p && !!p.trim());
  for (const part of expected) {
    const words = normalizeText(part).split(" ").filter(Boolean);
    if (
      !words.every(
        (w) =>
          printed.includes(` ${w} `) ||
          (/^(road|rd|street|st|avenue|ave|lane|ln|drive|dr|close|cl|court|ct)$/.test(w) &&
            /\b(road|rd|street|st|avenue|ave|lane|ln|drive|dr|close|cl|court|ct)\b/.test(printed)),
      )
    ) {
      mismatches.push(part === claim.street ? "street" : part === claim.residenceNumber ? "residence_number" : "building_name");
    }
  }
  return { consistent: mismatches.length === 0, mismatches };
}

function unreadable(evidenceType: string, message: string): SupportingResult {
  return {
    outcome: "fail",
    evidenceType,
    extractedDetails: {
      first_name: null,
      last_name: null,
      first_line_of_address: null,
      postcode: null,
      addresses_formatted: [],
      document_date: null,
      document_category: null,
      unique_identifier: null,
      issuer: null,
    },
    validations: {
      document_complete_and_legible: failed(["DOCUMENT_UNREADABLE"], { message }),
      required_fields_extracted: failed(["FIELDS_NOT_EXTRACTED"]),
    },
    retake: { reason: "unreadable", message },
  };
}

export async function readSupportingDocument(input: SupportingInput): Promise<SupportingResult> {
  const now = input.now ?? new Date();
  const read = await readText(input.document);
  if (!read.ok) return unreadable(input.subType ?? "supporting_document", read.message);
  const details = extractDetails(read.layout);
  // The kind chosen by the caller, else the kind the text shows (the hosted flow does not ask).
  const evidenceType = input.subType ?? details.category ?? "supporting_document";
  const legible =
    details.wordCount >= MIN_WORDS &&
    details.wordlikeShare >= MIN_WORDLIKE_SHARE &&
    (read.confidence === null || read.confidence >= MIN_OCR_CONFIDENCE);
  if (!legible)
    return unreadable(
      evidenceType,
      "The document could not be read with certainty: send the original PDF or a sharper photo of the whole page in even light",
    );

  const name = splitName(details.holderName, input.claim?.lastName);
  const validations: Validations = { document_complete_and_legible: pass() };
  const missing = [
    !details.holderName && "NAME_NOT_FOUND",
    !details.postcode && "ADDRESS_NOT_FOUND",
    !details.documentDate && "DOCUMENT_DATE_NOT_FOUND",
  ].filter((r): r is string => !!r);
  validations.required_fields_extracted = check(missing.length === 0, missing);
  validations.category_match = !input.subType
    ? notPerformed("No document type was given")
    : !details.category
      ? notPerformed("The kind of document could not be told from its text")
      : check(details.category === input.subType, ["CATEGORY_MISMATCH"]);
  validations.date_fields_valid = check(!details.dateUnparseable, ["DOCUMENT_DATE_INVALID"]);
  const maxAge = input.maxAgeDays ?? 92;
  if (details.documentDate) {
    const age = daysBetween(details.documentDate, now);
    validations.document_age_valid =
      age < -FUTURE_TOLERANCE_DAYS ? failed(["DOCUMENT_DATE_IN_FUTURE"]) : check(age <= maxAge, ["DOCUMENT_TOO_OLD"]);
  } else validations.document_age_valid = notPerformed("No document date was found");

  const claim = input.claim;
  if (claim?.firstName || claim?.lastName) {
    if (!details.holderName) validations.names_consistent = notPerformed("No holder's name was found on the document");
    else {
      const names = compareNames({ firstName: name.first, lastName: name.last }, claim);
      validations.names_consistent = names.consistent ? pass() : failed(["NAME_MISMATCH"], { metadata: { mismatches: names.mismatches } });
    }
  }
  if (claim?.address) {
    if (!details.postcode) validations.addresses_consistent = notPerformed("No address was found on the document");
    else {
      const agreed = addressesAgree(details, claim.address);
      validations.addresses_consistent = agreed.consistent
        ? pass()
        : failed(["ADDRESS_MISMATCH"], { metadata: { mismatches: agreed.mismatches } });
    }
  }

  return {
    outcome: outcomeOf(validations),
    evidenceType,
    extractedDetails: {
      first_name: name.first,
      last_name: name.last,
      first_line_of_address: details.firstLineOfAddress,
      postcode: details.postcode,
      addresses_formatted: details.address ? [details.address] : [],
      document_date: details.documentDate,
      document_category: details.category,
      unique_identifier: details.uniqueIdentifier,
      issuer: details.issuer,
    },
    validations,
    retake: retakeFor(validations, missing),
  };
}

/** What the person can fix with another document; a mismatch with the claim is a finding, not a retake. */
function retakeFor(validations: Validations, missing: string[]): SupportingResult["retake"] {
  if (missing.includes("NAME_NOT_FOUND")) return { reason: "no_name", message: "We could not find the holder's name on the document" };
  if (missing.includes("ADDRESS_NOT_FOUND"))
    return { reason: "no_address", message: "We could not find an address with a UK postcode on the document" };
  if (missing.length) return { reason: "unreadable", message: "We could not find the document's date" };
  if (validations.document_age_valid?.status === "fail")
    return { reason: "too_old", message: "The document is too old: send one issued in the last 3 months" };
  if (validations.category_match?.status === "fail")
    return { reason: "wrong_type", message: "This is a different kind of document from the one chosen" };
  return null;
}
