import type { IdentityClaim } from "../documents";

/** The case's claim_details as the document engine's claim (names, date of birth, address). */
export function claimIdentity(claim: Record<string, unknown>): IdentityClaim {
  const text = (v: unknown) => (typeof v === "string" && v ? v : null);
  const address = (claim.address && typeof claim.address === "object" ? claim.address : {}) as Record<string, unknown>;
  return {
    firstName: text(claim.first_name),
    lastName: text(claim.last_name),
    dateOfBirth: text(claim.date_of_birth),
    address: {
      residenceNumber: text(address.residence_number),
      buildingName: text(address.building_name),
      street: text(address.street),
      city: text(address.city),
      postcode: text(address.postcode) ?? text(claim.postcode),
    },
  };
}
