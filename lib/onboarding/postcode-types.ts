import type { Address } from "@/lib/contract";

// The onboarding app's own postcode route (GET /api/onboarding/postcode), shared with the picker.

export interface AddressOption {
  id: string;
  /** One display line (spec 2.9 `addresses`). */
  label: string;
  address: Address;
}

export type PostcodeAnswer = { status: "found"; postcode: string; addresses: AddressOption[] } | { status: "not_found"; postcode: string; message: string } | { status: "error"; message: string };
