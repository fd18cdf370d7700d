import { and, asc, eq } from "drizzle-orm";
import type { Address, PostcodeLookup } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { addresses, type AddressRow } from "@/lib/db/schema";
import { SANDBOX_POSTCODES } from "../sandbox/postcodes";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import { addressLine, postcodeKey } from "./postcode";

// The real API's wording for both a malformed and an unknown postcode (wire-details).
const REFUSED = "Malformed or non-existent postcode";

function toAddress(row: AddressRow): Address {
  const address: Address = { city: row.city, postcode: row.postcode, country_code: row.countryCode, country: row.country };
  if (row.residenceNumber) address.residence_number = row.residenceNumber;
  if (row.buildingName) address.building_name = row.buildingName;
  if (row.street) address.street = row.street;
  if (row.region) address.region = row.region;
  return address;
}

function answer(found: readonly Address[]): PostcodeLookup {
  return { addresses: found.map(addressLine), addresses_formatted: [...found] };
}

/** spec 4.5: sandbox answers three canned postcodes (4.11); live searches the tenant's imported addresses. */
export async function lookupPostcode(db: Db, tenant: Tenant, postcode: string): Promise<Result<PostcodeLookup>> {
  const key = postcodeKey(postcode);
  const refused = fail("invalid", REFUSED, { detail: { postcode: REFUSED } });
  if (!/^[A-Z0-9]{2,10}$/.test(key)) return refused;
  if (tenant.mode === "sandbox") {
    const canned = Object.hasOwn(SANDBOX_POSTCODES, key) ? SANDBOX_POSTCODES[key] : undefined;
    return canned ? ok(answer(canned)) : refused;
  }
  const rows = await db
    .select()
    .from(addresses)
    .where(and(ofTenant(addresses, tenant), eq(addresses.postcodeKey, key)))
    .orderBy(asc(addresses.buildingName), asc(addresses.street), asc(addresses.residenceNumber), asc(addresses.id))
    .limit(500);
  if (rows.length === 0) return refused;
  // Natural order of house numbers (2 before 10) for the picker.
  const sorted = rows.map(toAddress).sort((a, b) => addressLine(a).localeCompare(addressLine(b), "en", { numeric: true }));
  return ok(answer(sorted));
}
