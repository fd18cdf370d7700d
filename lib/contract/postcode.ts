// Postcode checks with no dependency: the address picker runs in the browser, where zod would
// add ~35 KB (gzip) to the hosted page for one field (issue 12's page budget). One rule for every
// form that takes a UK postcode (the hosted claim, the risk form, the onboarding app, the API's
// address entry): its shape as Royal Mail writes it, not whether it exists. An outward code of one
// or two letters, a digit, then a digit or letter; an inward code of a digit and two letters
// ("SW1A 2AA", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT"), and GIR 0AA. "hello" is not one, and
// is called invalid without being looked up as "HE LLO".

const SHAPE = /^(?:[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}|GIR0AA)$/;

/** Spaces and case do not matter to the lookup; we show postcodes upper case with their space. */
export function normalisePostcode(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** The postcode written the usual way ("sw1a2aa" → "SW1A 2AA"), or null when it cannot be a UK postcode. */
export function ukPostcode(text: string): string | null {
  const key = normalisePostcode(text);
  if (!SHAPE.test(key)) return null;
  return `${key.slice(0, -3)} ${key.slice(-3)}`;
}

/** A typed postcode, checked and written the usual way, or why not. */
export function checkPostcode(text: string): { ok: true; postcode: string } | { ok: false; message: string } {
  if (!text.trim()) return { ok: false, message: "Enter a postcode" };
  const postcode = ukPostcode(text);
  return postcode ? { ok: true, postcode } : { ok: false, message: "Enter a real UK postcode, like SW1A 2AA" };
}
