import { findPostcodes } from "./uk-postcode";
import type { Segment } from "./text-layout";

/*
 * The holder's name and address: the block a window envelope shows, lines stacked at one left
 * edge and ending in a postcode. A bill carries other postcodes (the issuer's registered office
 * in the footer, a return address): each candidate block is scored on looking like a person's
 * address (a title or a bare name on top, a house number, near the top of page 1) and against
 * looking like a company's (Ltd, plc, PO Box, "Registered").
 */

export interface AddressBlock {
  nameLine: string | null;
  /** Address lines between the name and the postcode (the town last, when on its own line). */
  lines: string[];
  town: string | null;
  postcode: string;
  score: number;
}

const TITLE = /^(mr|mrs|ms|miss|mx|dr|prof|rev|sir|dame|lady|lord)\.?\s+/i;
// Words of a company's name or address, never of a person's.
const COMPANY_NAME = /\b(ltd|limited|plc|llp|bank|council|services|society|energy|water|mobile|group|revenues?)\b/i;
const COMPANY_ADDRESS = /\b(ltd|limited|plc|llp|p\.?\s?o\.? box|registered|head office|freepost)\b/i;
const STREETISH =
  /\b(road|rd|street|st|lane|ln|avenue|ave|close|crescent|gardens|terrace|way|drive|place|court|square|flat|apartment|house|cottage)\b/i;

export function looksLikeName(text: string): boolean {
  if (/\d/.test(text) || COMPANY_NAME.test(text)) return false;
  const words = text.replace(TITLE, "").split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 8) return false;
  return TITLE.test(text) || (!STREETISH.test(text) && words.every((w) => /^[A-Za-z][A-Za-z'’.-]*$/.test(w)));
}

/** The segment right above `seg` at the same left edge, if the line spacing joins them. */
function lineAbove(segments: Segment[], seg: Segment): Segment | null {
  const h = seg.height;
  const above = segments.filter(
    (s) => s.page === seg.page && s.y1 <= seg.y0 + 0.3 * h && seg.y0 - s.y1 < 1.3 * h && Math.abs(s.x0 - seg.x0) < 1.5 * h,
  );
  return above.sort((a, b) => b.y1 - a.y1)[0] ?? null;
}

export function findAddressBlock(segments: Segment[], pageHeight: number): AddressBlock | null {
  const candidates: AddressBlock[] = [];
  for (const seg of segments) {
    for (const hit of findPostcodes(seg.text)) {
      const stack: Segment[] = [];
      for (let cur: Segment | null = lineAbove(segments, seg); cur && stack.length < 7; cur = lineAbove(segments, cur)) stack.unshift(cur);
      const texts = stack.map((s) => s.text);
      let town = hit.before.replace(/[,\s]+$/, "") || null;
      let nameLine: string | null = null;
      const nameAt = texts.findIndex((t) => looksLikeName(t));
      if (nameAt >= 0) {
        nameLine = texts[nameAt]!;
        texts.splice(0, nameAt + 1);
      }
      if (!town && texts.length > 1) town = texts.pop()!;
      let score = 0;
      if (nameLine) score += TITLE.test(nameLine) ? 4 : 2;
      if (texts.length >= 1) score += 1;
      if (texts.some((t) => /^(flat|apartment|unit)?\s*\w*,?\s*\d+[a-z]?\s+\D/i.test(t))) score += 2;
      if (seg.page === 0 && seg.y0 < pageHeight * 0.5) score += 1;
      if ([...stack.map((s) => s.text), seg.text].some((t) => COMPANY_ADDRESS.test(t))) score -= 5;
      if (hit.repaired) score -= 1;
      candidates.push({ nameLine, lines: texts, town, postcode: hit.postcode, score });
    }
  }
  return candidates.sort((a, b) => b.score - a.score)[0] ?? null;
}

/** "Flat 2, 14 Worthington Road" → building "Flat 2", number "14", street "Worthington Road". */
export function splitFirstLine(line: string): { building_name?: string; residence_number?: string; street?: string } {
  const out: { building_name?: string; residence_number?: string; street?: string } = {};
  let rest = line.trim();
  const building = rest.match(/^((?:flat|apartment|unit|suite)\s+\w+)[,\s]+/i);
  if (building) {
    out.building_name = building[1]!;
    rest = rest.slice(building[0].length);
  }
  const numbered = rest.match(/^(\d+[A-Za-z]?(?:-\d+)?)[,\s]+(.+)$/);
  if (numbered) {
    out.residence_number = numbered[1]!;
    out.street = numbered[2]!.trim();
  } else if (rest) out.street = rest;
  return out;
}
