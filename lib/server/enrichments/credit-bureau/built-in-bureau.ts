import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Address } from "@/lib/contract";
import { residencyDatasets, residencyRecords, type ResidencyRecord } from "@/lib/db/schema";
import { postcodeKey } from "../../lookup/postcode";
import { normalizeName } from "../../network/keys";
import { creditBureauEnrichment, type BureauAnswer, type CreditBureauProvider } from "./credit-bureau";
import { matchName, type NameMatch } from "./match-name";

const houseNumber = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, "").toUpperCase();

/** Same postcode and country, and the same house number or the same building name. */
function livesAt(record: ResidencyRecord, address: Address): boolean {
  if (!address.postcode || record.postcodeKey !== postcodeKey(address.postcode)) return false;
  if (address.country_code && record.countryCode !== address.country_code.toUpperCase()) return false;
  const number = houseNumber(address.residence_number);
  if (number && number === houseNumber(record.residenceNumber)) return true;
  const building = normalizeName(address.building_name ?? "");
  return !!building && building === normalizeName(record.buildingName ?? "");
}

const NO_DATASET = "No residency dataset has been imported, so the bureau has nothing to compare with";

/**
 * The platform's own bureau over the latest imported residency dataset of the mode. Candidates
 * are read by last name (either name, for swapped order) and by the given postcode (so a typo in
 * the last name is still found at the address), then compared in memory.
 */
export const builtInCreditBureau: CreditBureauProvider = {
  name: "built-in",
  async check(db, query): Promise<BureauAnswer> {
    const [dataset] = await db
      .select()
      .from(residencyDatasets)
      .where(eq(residencyDatasets.mode, query.mode))
      .orderBy(desc(residencyDatasets.importedAt), desc(residencyDatasets.id))
      .limit(1);
    if (!dataset)
      return { identity: { state: "NOT_PERFORMED", reason: NO_DATASET }, residency: { state: "NOT_PERFORMED", reason: NO_DATASET } };

    const names = [...new Set([normalizeName(query.lastName), normalizeName(query.firstName)].filter(Boolean))];
    const byPostcode = query.address?.postcode ? [eq(residencyRecords.postcodeKey, postcodeKey(query.address.postcode))] : [];
    const candidates = await db
      .select()
      .from(residencyRecords)
      .where(and(eq(residencyRecords.datasetId, dataset.id), or(inArray(residencyRecords.lastNameKey, names), ...byPostcode)));

    const named = candidates
      .map((record) => ({ record, match: matchName(query, record) }))
      .filter((c): c is { record: ResidencyRecord; match: NonNullable<NameMatch> } => c.match !== null);
    const born = named.filter((c) => c.record.dateOfBirth === query.dateOfBirth);
    const source = `the bureau's records (${dataset.name})`;

    let identity: BureauAnswer["identity"];
    if (born.length) {
      const exact = born.some((c) => c.match === "exact");
      identity = {
        state: "PASS",
        reason: exact
          ? `Name and date of birth match ${source}`
          : `Date of birth and a close form of the name (an initial, a middle name or one letter different) match ${source}`,
      };
    } else if (named.length) {
      const undated = named.every((c) => !c.record.dateOfBirth);
      identity = {
        state: "PARTIAL",
        reason: undated
          ? `The name is in ${source}, without a date of birth to confirm it`
          : `The name is in ${source}, but with a different date of birth`,
      };
    } else identity = { state: "FAIL", reason: `No one of this name and date of birth is in ${source}` };

    const address = query.address;
    let residency: BureauAnswer["residency"];
    if (!address?.postcode || (!address.residence_number && !address.building_name))
      residency = { state: "NOT_PERFORMED", reason: "No address with a postcode and a house number or building name was given" };
    else if (born.some((c) => livesAt(c.record, address)))
      residency = { state: "PASS", reason: `The person is recorded at this address in ${source}` };
    else if (named.some((c) => livesAt(c.record, address)))
      residency = { state: "PARTIAL", reason: "Someone of this name, but with another or no date of birth, is recorded at this address" };
    else if (born.some((c) => c.record.postcodeKey === postcodeKey(address.postcode!)))
      residency = { state: "PARTIAL", reason: "The person is recorded at this postcode, but not at this house number or building" };
    else if (born.length) residency = { state: "FAIL", reason: "The person is not recorded at this address" };
    else residency = { state: "FAIL", reason: "No record of this person to place at the address" };
    return { identity, residency };
  },
};

/** The CREDIT_BUREAU enrichment over the built-in bureau. */
export const creditBureauProvider = creditBureauEnrichment(builtInCreditBureau);
