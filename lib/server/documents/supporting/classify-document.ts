import type { Segment } from "./text-layout";

/*
 * What kind of document this is, by the words it uses (weighted, each counted at most twice so
 * a statement's ten direct debits to a water company do not make it a water bill), and who
 * issued it: a known name, a council, or else the letterhead (the tallest text at the top of
 * page 1).
 */

export type DocumentCategory =
  | "bank_statement"
  | "utility_bill"
  | "council_tax_bill"
  | "payslip"
  | "credit_card_statement"
  | "mortgage_statement"
  | "mobile_phone_bill"
  | "paye_tax_summary"
  | "pension_annual_statement"
  | "benefits_letter";

const KEYWORDS: Record<DocumentCategory, [RegExp, number][]> = {
  council_tax_bill: [
    [/council tax/g, 6],
    [/\bprecept\b/g, 2],
    [/\bband [a-h]\b|\bband:/g, 1],
    [/\bcouncil\b/g, 1],
  ],
  payslip: [
    [/\bpay ?slip\b/g, 6],
    [/pay advice/g, 5],
    [/net pay/g, 3],
    [/gross pay|basic pay/g, 3],
    [/tax code/g, 2],
    [/national insurance|\bni (number|no)\b/g, 2],
    [/\bemployee\b|\bpayroll\b/g, 2],
    [/\bpaye\b/g, 1],
  ],
  bank_statement: [
    [/sort code/g, 3],
    [/current account|savings account/g, 3],
    [/\bstatement\b/g, 1],
    [/(opening|closing) balance|balance brought forward/g, 2],
    [/\biban\b|\bbic\b/g, 2],
    [/building society/g, 2],
    [/\bbank\b/g, 1],
    [/direct debit|standing order/g, 1],
  ],
  credit_card_statement: [
    [/credit card/g, 6],
    [/credit limit/g, 3],
    [/minimum payment/g, 3],
    [/\bapr\b/g, 1],
  ],
  mortgage_statement: [
    [/\bmortgage\b/g, 4],
    [/redemption|outstanding loan/g, 2],
  ],
  mobile_phone_bill: [
    [/\bmobile\b/g, 3],
    [/\bminutes\b|\btexts\b/g, 1],
    [/\bdata\b/g, 1],
    [/roaming/g, 2],
    [/\bsim\b/g, 1],
  ],
  utility_bill: [
    [/\bwater\b/g, 2],
    [/sewerage|wastewater/g, 3],
    [/\benergy\b/g, 2],
    [/electricity/g, 3],
    [/\bgas\b/g, 2],
    [/\bkwh\b/g, 3],
    [/\bmeter\b/g, 2],
    [/standing charge/g, 3],
    [/broadband/g, 2],
  ],
  paye_tax_summary: [[/tax calculation|\bsa302\b|tax year overview|p60\b/g, 5]],
  pension_annual_statement: [[/\bpension statement|annual pension|pension scheme/g, 5]],
  benefits_letter: [[/universal credit|department for work and pensions|\bdwp\b|jobcentre/g, 5]],
};

export function classifyDocument(text: string): { category: DocumentCategory | null; score: number } {
  const lower = text.toLowerCase();
  let best: DocumentCategory | null = null;
  let bestScore = 0;
  for (const [category, rules] of Object.entries(KEYWORDS) as [DocumentCategory, [RegExp, number][]][]) {
    const score = rules.reduce((sum, [re, weight]) => sum + Math.min(2, lower.match(re)?.length ?? 0) * weight, 0);
    if (score > bestScore) [best, bestScore] = [category, score];
  }
  return bestScore >= 3 ? { category: best, score: bestScore } : { category: null, score: bestScore };
}

// Common UK issuers of address documents, as they print their names.
const KNOWN_ISSUERS = [
  "Barclays",
  "HSBC",
  "Lloyds Bank",
  "NatWest",
  "Santander",
  "Nationwide",
  "Halifax",
  "TSB",
  "Metro Bank",
  "Monzo",
  "Starling Bank",
  "Royal Bank of Scotland",
  "Bank of Scotland",
  "Virgin Money",
  "Co-operative Bank",
  "First Direct",
  "Coventry Building Society",
  "Yorkshire Building Society",
  "Skipton Building Society",
  "American Express",
  "Capital One",
  "Tesco Bank",
  "Revolut",
  "Thames Water",
  "Severn Trent",
  "United Utilities",
  "Anglian Water",
  "Yorkshire Water",
  "Southern Water",
  "Welsh Water",
  "Dwr Cymru",
  "Scottish Water",
  "Northumbrian Water",
  "Wessex Water",
  "South West Water",
  "Affinity Water",
  "Bristol Water",
  "British Gas",
  "EDF",
  "E.ON Next",
  "E.ON",
  "Octopus Energy",
  "OVO",
  "Scottish Power",
  "SSE",
  "Shell Energy",
  "Utility Warehouse",
  "Vodafone",
  "EE",
  "O2",
  "Three",
  "Giffgaff",
  "Tesco Mobile",
  "Sky",
  "BT",
  "Virgin Media",
  "TalkTalk",
  "Plusnet",
  "HM Revenue & Customs",
  "HM Revenue and Customs",
  "Department for Work and Pensions",
];
// Case-sensitive (as printed, or all capitals): "Three" the network, not "three" the number.
const KNOWN = KNOWN_ISSUERS.map((name) => {
  const pattern = (n: string) => n.replace(/[.&]/g, (c) => `\\${c}`).replace(/ /g, "\\s+");
  // Not inside a word or a code: "BT" the company, not the BT9 of a Belfast postcode.
  return { name, re: new RegExp(`(^|[^A-Za-z0-9])(${pattern(name)}|${pattern(name.toUpperCase())})($|[^A-Za-z0-9])`) };
});
const COUNCIL = /\b((?:[A-Z][A-Za-z'.-]+|upon|on|and|of)(?:\s+(?:[A-Z][A-Za-z'.-]+|upon|on|and|of)){0,4}\s+Council)\b/;

export function findIssuer(segments: Segment[], pageHeight: number, exclude: Set<string>): string | null {
  const page1 = segments.filter((s) => s.page === 0);
  const top = page1.filter((s) => s.y0 < pageHeight * 0.25);
  // Only the top of the page: a statement's lines name other companies (DIRECT DEBIT EE).
  for (const seg of top.filter((s) => !exclude.has(s.text))) {
    const known = KNOWN.find((k) => k.re.test(seg.text));
    if (known) return known.name;
  }
  for (const seg of top) {
    const council = seg.text.match(COUNCIL)?.[1];
    if (council && !/^(the|your)\b/i.test(council)) return council.replace(/^(Council Tax|Tax)\s+/, "");
  }
  // The letterhead: the tallest text near the top that is not the holder's name or address.
  const heights = page1.map((s) => s.height).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 0;
  const letterhead = top
    .filter(
      (s) =>
        !exclude.has(s.text) &&
        /[A-Za-z]{3}/.test(s.text) &&
        s.height >= 1.4 * median &&
        (s.text.match(/\d/g)?.length ?? 0) < s.text.length * 0.3,
    )
    .sort((a, b) => b.height - a.height || a.y0 - b.y0)[0];
  return letterhead ? letterhead.text.replace(/[|_~]+/g, "").trim() : null;
}
