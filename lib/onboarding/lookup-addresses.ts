import "server-only";
import { ServiceApiError, type ServiceClient } from "@/lib/client";
import type { Address } from "@/lib/contract";
import type { AddressOption } from "./postcode-types";

export type LookupResult =
  { status: "found"; postcode: string; addresses: AddressOption[] } | { status: "not_found"; postcode: string } | { status: "unavailable" };

/** spec 4.5 through the client; an unknown postcode is an answer, not an error (spec 7.1: a 400). */
export async function lookupAddresses(
  client: ServiceClient,
  postcode: string,
  log = (m: string, e?: unknown) => console.error(`[onboarding] ${m}`, e),
): Promise<LookupResult> {
  try {
    const found = await client.lookupPostcode(postcode);
    const addresses = found.addresses_formatted.map((address: Address, i) => ({
      id: `a${i}`,
      label: found.addresses[i] ?? address.street ?? "",
      address,
    }));
    if (addresses.length === 0) return { status: "not_found", postcode };
    return { status: "found", postcode, addresses };
  } catch (error) {
    if (error instanceof ServiceApiError && (error.status === 400 || error.status === 404)) return { status: "not_found", postcode };
    log(`postcode lookup for ${postcode} failed`, error);
    return { status: "unavailable" };
  }
}
