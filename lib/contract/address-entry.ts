import { z } from "zod";
import type { Address } from "./common";

// The address picker's own wire shapes (components/risk-form): its lookup route answers a
// PostcodeAnswer, whichever app serves it. Plain zod (not the OpenAPI build): this runs in the browser.

export interface AddressOption {
  id: string;
  /** One display line (spec 2.9 `addresses`). */
  label: string;
  address: Address;
}

export type PostcodeAnswer = { status: "found"; postcode: string; addresses: AddressOption[] } | { status: "not_found"; postcode: string; message: string } | { status: "error"; message: string };

const POSTCODE_RE = /^[A-Z0-9]{2,10}$/;

/** Spaces and case do not matter to the lookup; we show postcodes upper case with their space. */
export function normalisePostcode(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export const postcodeField = z
  .string()
  .trim()
  .min(1, "Enter a postcode")
  .refine((v) => POSTCODE_RE.test(normalisePostcode(v)), "Enter a real postcode, like SW1A 2AA")
  .transform((v) => {
    const key = normalisePostcode(v);
    // UK postcodes: the inward code is always the last three characters.
    return key.length > 4 ? `${key.slice(0, -3)} ${key.slice(-3)}` : key;
  });

/** An address typed in by hand (the picker's manual mode). */
export interface ManualAddressInput {
  houseNameOrNumber: string;
  street: string;
  city: string;
  postcode: string;
}

/** Manual entry → the API's address object (spec 2.6); numbers go to residence_number, names to building_name. */
export function manualToAddress(m: ManualAddressInput): Address {
  const isNumber = /^\d+[A-Za-z]?(?:\s*[-–]\s*\d+[A-Za-z]?)?$/.test(m.houseNameOrNumber);
  return {
    ...(isNumber ? { residence_number: m.houseNameOrNumber } : { building_name: m.houseNameOrNumber }),
    street: m.street,
    city: m.city,
    postcode: m.postcode,
    country_code: "GB",
    country: "United Kingdom",
  };
}

/** The lines of an address as a person reads them. */
export function addressLines(a: Address): string[] {
  const first = [a.building_name, [a.residence_number, a.street].filter(Boolean).join(" ")].filter(Boolean);
  return [...first, a.city, a.postcode].filter((x): x is string => !!x);
}
