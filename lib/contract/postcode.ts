// Postcode checks with no dependency: the address picker runs in the browser, where zod would
// add ~35 KB (gzip) to the hosted page for one field (issue 12's page budget).

const POSTCODE_RE = /^[A-Z0-9]{2,10}$/;

/** Spaces and case do not matter to the lookup; we show postcodes upper case with their space. */
export function normalisePostcode(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** A typed postcode, checked and written the usual way ("sw1a2aa" → "SW1A 2AA"), or why not. */
export function checkPostcode(text: string): { ok: true; postcode: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: "Enter a postcode" };
  const key = normalisePostcode(trimmed);
  if (!POSTCODE_RE.test(key)) return { ok: false, message: "Enter a real postcode, like SW1A 2AA" };
  // UK postcodes: the inward code is always the last three characters.
  return { ok: true, postcode: key.length > 4 ? `${key.slice(0, -3)} ${key.slice(-3)}` : key };
}
