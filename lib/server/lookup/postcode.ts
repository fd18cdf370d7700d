import type { Address } from "@/lib/contract";

/** The lookup key of a postcode: spaces and case ignored ("sw1a 2aa" → "SW1A2AA"). */
export function postcodeKey(postcode: string): string {
  return postcode.replace(/\s+/g, "").toUpperCase();
}

/** One display line per address (spec 2.9 `addresses`), e.g. "10 Downing Street, London, SW1A 2AA". */
export function addressLine(address: Address): string {
  const firstLine = [address.residence_number, address.street].filter(Boolean).join(" ");
  return [address.building_name, firstLine, address.city, address.postcode].filter(Boolean).join(", ");
}
