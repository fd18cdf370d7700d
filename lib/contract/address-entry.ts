import { z } from "zod";
import type { Address } from "./common";
import { checkPostcode } from "./postcode";

// The address picker's own wire shapes (components/risk-form): its lookup route answers a
// PostcodeAnswer, whichever app serves it. Plain zod (not the OpenAPI build): this runs in the browser.

export interface AddressOption {
  id: string;
  /** One display line (spec 2.9 `addresses`). */
  label: string;
  address: Address;
}

export type PostcodeAnswer =
  | { status: "found"; postcode: string; addresses: AddressOption[] }
  | { status: "not_found"; postcode: string; message: string }
  | { status: "error"; message: string };

export { normalisePostcode } from "./postcode";

/** The postcode field of server-side forms: checkPostcode's rule as a zod field. */
export const postcodeField = z.string().transform((v, ctx) => {
  const checked = checkPostcode(v);
  if (!checked.ok) {
    ctx.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  }
  return checked.postcode;
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
