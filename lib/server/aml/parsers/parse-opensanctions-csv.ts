import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { parseBirthDates } from "../birth-dates";
import { toCountryCode } from "../countries";
import { unique, uniqueNames, type AmlRiskType, type ListEntity } from "../list-entity";
import { datasetByTitle, FTM_TYPES } from "./opensanctions-datasets";

/*
 * OpenSanctions' `targets.simple.csv`: id, schema, name, aliases, birth_date, countries, addresses,
 * identifiers, sanctions, phones, emails, (program_ids,) dataset, first_seen, last_seen,
 * last_change; multiple values separated by ";". It has no topics column: an entry with a
 * sanction is "sanction", one from a PEP dataset is "pep", the rest (crime, debarment) is skipped.
 */

const split = (value: string | undefined) =>
  (value ?? "")
    .split(";")
    .map((v) => v.trim())
    .filter(Boolean);
const PEP_DATASET = /\bpeps?\b|politically exposed|politician|members of parliament/i;

function riskOf(record: Record<string, string>, datasetTitles: string[]): AmlRiskType | null {
  if (split(record.sanctions).length > 0) return "sanction";
  if (datasetTitles.some((t) => PEP_DATASET.test(t))) return "pep";
  return null;
}

export function csvRecordToEntity(record: Record<string, string>): ListEntity | null {
  const entityType = FTM_TYPES[record.schema ?? ""];
  const datasetTitles = split(record.dataset);
  const riskType = riskOf(record, datasetTitles);
  const name = (record.name ?? "").trim();
  if (!record.id || !entityType || !riskType || !name) return null;
  return {
    entityKey: record.id,
    caption: name,
    entityType,
    riskType,
    names: uniqueNames([name, ...split(record.aliases)]),
    birthDates: unique(split(record.birth_date).flatMap(parseBirthDates)),
    countries: unique(split(record.countries).map(toCountryCode)),
    datasets: datasetTitles.map(datasetByTitle),
  };
}

export async function* parseOpenSanctionsCsv(input: Readable, stats: { skipped: number }): AsyncGenerator<ListEntity> {
  const parser = input.pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      bom: true,
    }),
  );
  let first = true;
  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    if (first && !("id" in record && "schema" in record && "name" in record))
      throw new Error("Not a targets.simple.csv file (needs id, schema and name columns)");
    first = false;
    const entity = csvRecordToEntity(record);
    if (entity) yield entity;
    else stats.skipped++;
  }
}
