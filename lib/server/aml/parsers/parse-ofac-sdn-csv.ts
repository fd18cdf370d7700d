import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { parseBirthDates } from "../birth-dates";
import { toCountryCode } from "../countries";
import { OFAC_SDN_DATASET, unique, uniqueNames, type ListEntity } from "../list-entity";
import { OFAC_TYPES } from "./parse-ofac-sdn-xml";

/*
 * OFAC's legacy sdn.csv (no header): ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign,
 * Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks; "-0-" is empty. Individuals are written
 * "LAST, First"; dates of birth, nationality and citizenship are read from the remarks. Aliases
 * live in OFAC's separate alt.csv, which this importer does not read: prefer sdn.xml.
 */

const empty = (value: string | undefined) => (!value || value.trim() === "-0-" ? "" : value.trim());

/** "PUTIN, Vladimir Vladimirovich" → "Vladimir Vladimirovich PUTIN". */
export function uninvert(name: string): string {
  const comma = name.indexOf(",");
  return comma > 0 ? `${name.slice(comma + 1).trim()} ${name.slice(0, comma).trim()}` : name.trim();
}

function fromRemarks(remarks: string, label: RegExp): string[] {
  return remarks
    .split(";")
    .map((part) => part.trim())
    .flatMap((part) => {
      const m = label.exec(part);
      return m ? [m[1]!.trim().replace(/\.$/, "")] : [];
    });
}

export function ofacCsvRowToEntity(row: string[]): ListEntity | null {
  const [entNum, rawName, rawType, , , , , , , , , rawRemarks] = row.map(empty);
  if (!entNum || !rawName) return null;
  const entityType = OFAC_TYPES[(rawType || "entity").toLowerCase()] ?? "LegalEntity";
  const remarks = rawRemarks ?? "";
  const person = entityType === "Person";
  const primary = person ? uninvert(rawName) : rawName;
  return {
    entityKey: `ofac-${entNum}`,
    caption: primary,
    entityType,
    riskType: "sanction",
    names: uniqueNames([primary]),
    birthDates: unique(fromRemarks(remarks, /^DOB (.+)$/i).flatMap(parseBirthDates)),
    countries: unique([...fromRemarks(remarks, /^nationality (.+)$/i), ...fromRemarks(remarks, /^citizen (.+)$/i)].map(toCountryCode)),
    datasets: [OFAC_SDN_DATASET],
  };
}

export async function* parseOfacSdnCsv(input: Readable, stats: { skipped: number }): AsyncGenerator<ListEntity> {
  const parser = input.pipe(parse({ relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true }));
  for await (const row of parser as AsyncIterable<string[]>) {
    // Skips a stray short line (OFAC files may end with an end-of-file control character).
    if (row.length < 3) continue;
    const entity = ofacCsvRowToEntity(row);
    if (entity) yield entity;
    else stats.skipped++;
  }
}
