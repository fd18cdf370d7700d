import { parseBirthDates } from "../birth-dates";
import { toCountryCode } from "../countries";
import { UN_SC_DATASET, unique, uniqueNames, type ListEntity } from "../list-entity";
import { listOf, parseListXml, textOf, textsOf, type XmlNode } from "./xml";

/*
 * The UN Security Council Consolidated List XML: <CONSOLIDATED_LIST> with <INDIVIDUALS><INDIVIDUAL>
 * (FIRST_NAME … FOURTH_NAME, INDIVIDUAL_ALIAS, INDIVIDUAL_DATE_OF_BIRTH, NATIONALITY,
 * INDIVIDUAL_ADDRESS) and <ENTITIES><ENTITY> (FIRST_NAME, ENTITY_ALIAS, ENTITY_ADDRESS). Aliases
 * of "Low" quality are not screened on.
 */

const ARRAYS = [
  "INDIVIDUAL",
  "ENTITY",
  "INDIVIDUAL_ALIAS",
  "ENTITY_ALIAS",
  "INDIVIDUAL_DATE_OF_BIRTH",
  "INDIVIDUAL_ADDRESS",
  "ENTITY_ADDRESS",
  "VALUE",
  "INDIVIDUAL_DOCUMENT",
  "INDIVIDUAL_PLACE_OF_BIRTH",
];

function aliases(node: XmlNode, key: string): string[] {
  return listOf(node, key)
    .filter((alias) => textOf(alias, "QUALITY").toLowerCase() !== "low")
    .map((alias) => textOf(alias, "ALIAS_NAME"));
}

function birthDates(node: XmlNode): string[] {
  return listOf(node, "INDIVIDUAL_DATE_OF_BIRTH").flatMap((d) => {
    if (textOf(d, "DATE")) return parseBirthDates(textOf(d, "DATE"));
    if (textOf(d, "YEAR")) return parseBirthDates(textOf(d, "YEAR"));
    if (textOf(d, "FROM_YEAR")) return parseBirthDates(`${textOf(d, "FROM_YEAR")} to ${textOf(d, "TO_YEAR") || textOf(d, "FROM_YEAR")}`);
    return [];
  });
}

function toEntity(node: XmlNode, person: boolean): ListEntity | null {
  const reference = textOf(node, "REFERENCE_NUMBER") || textOf(node, "DATAID");
  const primary = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"]
    .map((k) => textOf(node, k))
    .filter(Boolean)
    .join(" ");
  if (!reference || !primary) return null;
  const addresses = listOf(node, person ? "INDIVIDUAL_ADDRESS" : "ENTITY_ADDRESS").map((a) => textOf(a, "COUNTRY"));
  const nationalities = textsOf(node.NATIONALITY, "VALUE");
  return {
    entityKey: `unsc-${reference}`,
    caption: primary,
    entityType: person ? "Person" : "Organization",
    riskType: "sanction",
    names: uniqueNames([primary, textOf(node, "NAME_ORIGINAL_SCRIPT"), ...aliases(node, person ? "INDIVIDUAL_ALIAS" : "ENTITY_ALIAS")]),
    birthDates: person ? unique(birthDates(node)) : [],
    countries: unique([...nationalities, ...addresses].map(toCountryCode)),
    datasets: [UN_SC_DATASET],
  };
}

export function* parseUnXml(text: string, stats: { skipped: number }): Generator<ListEntity> {
  const root = parseListXml(text, ARRAYS);
  const list = root.CONSOLIDATED_LIST as XmlNode | undefined;
  if (!list) throw new Error("Not a UN consolidated list XML file (no <CONSOLIDATED_LIST>)");
  for (const [group, item, person] of [
    ["INDIVIDUALS", "INDIVIDUAL", true],
    ["ENTITIES", "ENTITY", false],
  ] as const) {
    for (const node of listOf(list[group], item)) {
      const entity = toEntity(node, person);
      if (entity) yield entity;
      else stats.skipped++;
    }
  }
}
