import type { Address } from "@/lib/contract";

// wire-details "Postcode lookup (sandbox)": exactly three postcodes, with 1, 12 and 21 addresses.

const UK = { country_code: "GB", country: "United Kingdom" } as const;

const downing: Address[] = [
  { residence_number: "10", street: "Downing Street", city: "London", region: "Greater London", postcode: "SW1A 2AA", ...UK },
];

const baker: Address[] = ["213", "215", "217", "219", "221", "221A", "221B", "223", "225", "227", "229", "231"].map((n) => ({
  residence_number: n,
  street: "Baker Street",
  city: "London",
  region: "Greater London",
  postcode: "NW1 6XE",
  ...UK,
}));

const union: Address[] = Array.from({ length: 21 }, (_, i) => ({
  residence_number: String(101 + 2 * i),
  street: "Union Street",
  city: "Aberdeen",
  region: "Aberdeen City",
  postcode: "AB11 6BH",
  ...UK,
}));

/** Keyed by normalised postcode (upper case, no spaces). */
export const SANDBOX_POSTCODES: Readonly<Record<string, readonly Address[]>> = {
  SW1A2AA: downing,
  NW16XE: baker,
  AB116BH: union,
};
