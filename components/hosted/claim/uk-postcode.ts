// Whether text can be a UK postcode at all (its shape, not whether it exists): an outward code of
// one or two letters, a digit, then a digit or letter, and an inward code of a digit and two
// letters, as Royal Mail writes them ("SW1A 2AA", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT"),
// and GIR 0AA. "hello" is not one; the picker says so without looking anything up.

const SHAPE = /^(?:[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}|GIR0AA)$/;

/** The postcode written the usual way ("sw1a2aa" → "SW1A 2AA"), or null when it cannot be a UK postcode. */
export function ukPostcode(text: string): string | null {
  const key = text.replace(/\s+/g, "").toUpperCase();
  if (!SHAPE.test(key)) return null;
  return `${key.slice(0, -3)} ${key.slice(-3)}`;
}
