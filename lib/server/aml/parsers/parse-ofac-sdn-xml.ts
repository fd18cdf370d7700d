import { parseBirthDates } from "../birth-dates";
import { toCountryCode } from "../countries";
import { OFAC_SDN_DATASET, unique, uniqueNames, type AmlEntityType, type ListEntity } from "../list-entity";
import { listOf, parseListXml, textOf, type XmlNode } from "./xml";

/*
 * OFAC's classic SDN XML (sdn.xml): <sdnList><sdnEntry> with uid, firstName/lastName, sdnType,
 * programList, akaList, dateOfBirthList, nationalityList, citizenshipList, addressList.
 * Weak a.k.a.s (OFAC's own "low quality" aliases) are not screened on, as OFAC advises.
 */

const ARRAYS = ["sdnEntry", "aka", "dateOfBirthItem", "nationality", "citizenship", "address", "program", "placeOfBirthItem", "id"];

export const OFAC_TYPES: Record<string, AmlEntityType> = {
  individual: "Person",
  entity: "Organization",
  vessel: "Vessel",
  aircraft: "Airplane",
};

function personName(node: XmlNode): string {
  return [textOf(node, "firstName"), textOf(node, "lastName")].filter(Boolean).join(" ");
}

export function ofacEntryToEntity(entry: XmlNode): ListEntity | null {
  const uid = textOf(entry, "uid");
  const primary = personName(entry);
  if (!uid || !primary) return null;
  const entityType = OFAC_TYPES[textOf(entry, "sdnType").toLowerCase()] ?? "LegalEntity";
  const akas = listOf(entry.akaList, "aka").filter((aka) => textOf(aka, "category").toLowerCase() !== "weak");
  const countries = [
    ...listOf(entry.nationalityList, "nationality").map((n) => textOf(n, "country")),
    ...listOf(entry.citizenshipList, "citizenship").map((n) => textOf(n, "country")),
    ...listOf(entry.addressList, "address").map((a) => textOf(a, "country")),
  ];
  return {
    entityKey: `ofac-${uid}`,
    caption: primary,
    entityType,
    riskType: "sanction",
    names: uniqueNames([primary, ...akas.map(personName)]),
    birthDates: unique(listOf(entry.dateOfBirthList, "dateOfBirthItem").flatMap((d) => parseBirthDates(textOf(d, "dateOfBirth")))),
    countries: unique(countries.map(toCountryCode)),
    datasets: [OFAC_SDN_DATASET],
  };
}

export function* parseOfacSdnXml(text: string, stats: { skipped: number }): Generator<ListEntity> {
  const root = parseListXml(text, ARRAYS);
  const list = root.sdnList as XmlNode | undefined;
  if (!list) throw new Error("Not an OFAC SDN XML file (no <sdnList>)");
  for (const entry of listOf(list, "sdnEntry")) {
    const entity = ofacEntryToEntity(entry);
    if (entity) yield entity;
    else stats.skipped++;
  }
}
