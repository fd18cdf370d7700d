/*
 * One listed person or organisation as every list format is read into, before it is stored in
 * `aml_entities`. Names are as written on the list (the matcher normalises them); birth dates are
 * ISO, possibly partial ("1952-10-07", "1971-05", "1971"); countries are ISO 3166-1 alpha-2, lower case.
 */

export type AmlRiskType = "sanction" | "pep";

/** FollowTheMoney schema names, as the wire's `entity_type` shows them. */
export type AmlEntityType = "Person" | "Organization" | "LegalEntity" | "Company" | "Vessel" | "Airplane";

export interface AmlDataset {
  id: string;
  title: string;
}

export interface ListEntity {
  /** The list's own id, stable across versions: `ofac-<uid>`, `unsc-<reference>`, OpenSanctions' id. */
  entityKey: string;
  caption: string;
  entityType: AmlEntityType;
  riskType: AmlRiskType;
  names: string[];
  birthDates: string[];
  countries: string[];
  datasets: AmlDataset[];
}

export const AML_FORMATS = ["ofac-sdn-xml", "ofac-sdn-csv", "un-xml", "ftm-json", "opensanctions-csv"] as const;
export type AmlFormat = (typeof AML_FORMATS)[number];

/** Which source a format's file comes from unless `--source` says otherwise. */
export const FORMAT_SOURCES: Record<AmlFormat, { source: string; title: string }> = {
  "ofac-sdn-xml": { source: "ofac_sdn", title: "US OFAC Specially Designated Nationals (SDN) List" },
  "ofac-sdn-csv": { source: "ofac_sdn", title: "US OFAC Specially Designated Nationals (SDN) List" },
  "un-xml": { source: "un_consolidated", title: "UN Security Council Consolidated List" },
  "ftm-json": { source: "opensanctions", title: "OpenSanctions (FollowTheMoney entities)" },
  "opensanctions-csv": { source: "opensanctions_targets", title: "OpenSanctions (targets.simple.csv)" },
};

export const OFAC_SDN_DATASET: AmlDataset = { id: "us_ofac_sdn", title: "US OFAC Specially Designated Nationals (SDN) List" };
export const UN_SC_DATASET: AmlDataset = { id: "un_sc_sanctions", title: "UN Security Council Consolidated List" };

/** A name list without blanks or repeats (case and spacing ignored), first spelling kept. */
export function uniqueNames(names: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw?.replace(/\s+/g, " ").trim();
    if (!name) continue;
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

export function unique<T>(values: Iterable<T | null | undefined>): T[] {
  return [...new Set([...values].filter((v): v is T => v !== null && v !== undefined && v !== ""))];
}
