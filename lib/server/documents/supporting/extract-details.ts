import { classifyDocument, findIssuer, type DocumentCategory } from "./classify-document";
import { findAddressBlock, splitFirstLine, type AddressBlock } from "./find-address-block";
import { findLabelledValues } from "./find-labelled-value";
import { parseDocumentDate } from "./parse-document-date";
import { readingOrder, type PageLayout } from "./text-layout";

/*
 * The fields of an address document, found in its laid-out text: the holder's name and address
 * (the address block), the document date (beside a label such as "Statement date", never a
 * transaction's date in the table), the issuer, the kind of document and its account or
 * reference number.
 */

export interface ExtractedAddress {
  residence_number?: string;
  building_name?: string;
  street?: string;
  city?: string;
  postcode?: string;
}

export interface SupportingDetails {
  /** Name as printed, title removed ("JUNJIE CHEN"). */
  holderName: string | null;
  firstLineOfAddress: string | null;
  postcode: string | null;
  address: ExtractedAddress | null;
  /** The address lines as printed, for comparing a claimed address. */
  addressLines: string[];
  documentDate: string | null;
  /** A date label was found but its value is not a date. */
  dateUnparseable: boolean;
  category: DocumentCategory | null;
  uniqueIdentifier: string | null;
  issuer: string | null;
  /** Words of text read, and the share that look like words or numbers (legibility). */
  wordCount: number;
  wordlikeShare: number;
}

const TITLE = /^(mr|mrs|ms|miss|mx|dr|prof|rev|sir|dame|lady|lord)\.?\s+/i;
const SPECIFIC_DATE_LABEL =
  /\b(statement|bill|billing|invoice|issue|letter|pay(?:ment)?|print(?:ed)?|tax point)\s+date\b|\bdate\s+of\s+(issue|bill|statement|invoice|letter|payment)\b|\bdate\s+issued\b|\bissued\s+on\b|\bperiod\s+end(?:ing|ed)?\b/i;
const GENERIC_DATE_LABEL = /^\s*date\s*:/i;
const ID_LABELS = [
  /\baccount\s+(?:number|no\.?|num(?:ber)?|reference|ref\.?)(?=\W|$)/i,
  /\b(?:customer|payroll|employee|membership|policy|agreement)\s+(?:number|no\.?|reference|ref\.?|id)(?=\W|$)/i,
  /\b(?:your\s+)?reference(?:\s+number)?(?=\s*[:\s])/i,
];

/** "1157 7242" → "11577242"; O/I inside a mostly-digit run become 0/1. */
function cleanIdentifier(text: string): string | null {
  // The first run of letters and digits; a single space before another group of digits joins it.
  const run = text.match(/[A-Za-z0-9](?:[A-Za-z0-9\-/]|\s(?=[0-9OIl]{2,}))*/)?.[0];
  if (!run) return null;
  const chars = [...run.replace(/[\s\-/]/g, "")];
  const digits = chars.filter((c) => /\d/.test(c)).length;
  if (digits < 4 || chars.length > 24) return null;
  if (digits / chars.length >= 0.6) {
    for (let i = 1; i < chars.length - 1; i++) chars[i] = chars[i]!.replace(/[Oo]/, "0").replace(/[Il|]/, "1");
  }
  return chars.join("").toUpperCase();
}

function documentDate(segments: ReturnType<typeof readingOrder>): { iso: string | null; unparseable: boolean } {
  let unparseable = false;
  for (const { candidates } of findLabelledValues(segments, SPECIFIC_DATE_LABEL)) {
    const parsed = candidates.map(parseDocumentDate).find((p) => p !== null);
    if (parsed?.iso) return { iso: parsed.iso, unparseable: false };
    unparseable = true;
  }
  if (unparseable) return { iso: null, unparseable };
  for (const { candidates } of findLabelledValues(segments, GENERIC_DATE_LABEL)) {
    const parsed = candidates.map(parseDocumentDate).find((p) => p?.iso);
    if (parsed?.iso) return { iso: parsed.iso, unparseable: false };
  }
  // No label: the first full date (with a year) on page 1.
  for (const seg of segments.filter((s) => s.page === 0)) {
    const parsed = parseDocumentDate(seg.text);
    if (parsed?.iso) return { iso: parsed.iso, unparseable: false };
  }
  return { iso: null, unparseable: false };
}

function uniqueIdentifier(segments: ReturnType<typeof readingOrder>): string | null {
  for (const label of ID_LABELS) {
    for (const { candidates } of findLabelledValues(segments, label)) {
      const id = candidates.map(cleanIdentifier).find(Boolean);
      if (id) return id;
    }
  }
  return null;
}

export function extractDetails(layout: PageLayout): SupportingDetails {
  const segments = readingOrder(layout.segments);
  const pageHeight = layout.pages[0]?.height ?? 1;
  const block: AddressBlock | null = findAddressBlock(segments, pageHeight);
  const holderName = block?.nameLine ? block.nameLine.replace(TITLE, "").trim() || null : null;
  const firstLine = block?.lines[0] ?? null;
  const parts = firstLine ? splitFirstLine(firstLine) : {};
  const address: ExtractedAddress | null = block
    ? { ...parts, ...(block.town ? { city: block.town } : {}), postcode: block.postcode }
    : null;
  const date = documentDate(segments);
  const text = segments.map((s) => s.text).join("\n");
  const words = text.split(/\s+/).filter(Boolean);
  const wordlike = words.filter((w) => /^[(£$]?([A-Za-z][a-z'’-]+|[A-Z]{2,}|[A-Za-z]|[\d.,:/£%-]+[A-Za-z]{0,3})[),.:;]?$/.test(w)).length;
  const exclude = new Set([block?.nameLine ?? "", ...(block?.lines ?? [])]);
  return {
    holderName,
    firstLineOfAddress: firstLine,
    postcode: block?.postcode ?? null,
    address,
    addressLines: block ? [...block.lines, ...(block.town ? [block.town] : [])] : [],
    documentDate: date.iso,
    dateUnparseable: date.unparseable,
    category: classifyDocument(text).category,
    uniqueIdentifier: uniqueIdentifier(segments),
    issuer: findIssuer(segments, pageHeight, exclude),
    wordCount: words.length,
    wordlikeShare: words.length ? wordlike / words.length : 0,
  };
}
