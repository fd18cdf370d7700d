import readline from "node:readline";
import type { Readable } from "node:stream";
import { parseBirthDates } from "../birth-dates";
import { toCountryCode } from "../countries";
import { unique, uniqueNames, type ListEntity } from "../list-entity";
import { datasetById, FTM_TYPES, riskFromTopics } from "./opensanctions-datasets";

/*
 * OpenSanctions' FollowTheMoney export (entities.ftm.json): one JSON entity per line,
 * `{id, schema, caption, properties: {name, alias, birthDate, nationality, citizenship, country,
 * topics, ...}, datasets}`. People and organisations whose topics say sanctioned or PEP are kept;
 * other schemas (Sanction, Address, Ownership, ...) and other topics are skipped.
 */

type Properties = Record<string, unknown>;

function values(properties: Properties, key: string): string[] {
  const value = properties[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function ftmToEntity(raw: unknown): ListEntity | null {
  if (!raw || typeof raw !== "object") return null;
  const record = raw as { id?: unknown; schema?: unknown; caption?: unknown; properties?: Properties; datasets?: unknown };
  const entityType = typeof record.schema === "string" ? FTM_TYPES[record.schema] : undefined;
  const properties = record.properties ?? {};
  const riskType = riskFromTopics(values(properties, "topics"));
  if (typeof record.id !== "string" || !entityType || !riskType) return null;
  const names = uniqueNames([...values(properties, "name"), ...values(properties, "alias"), ...values(properties, "previousName")]);
  if (names.length === 0) return null;
  const datasets = Array.isArray(record.datasets) ? record.datasets.filter((d): d is string => typeof d === "string") : [];
  return {
    entityKey: record.id,
    caption: typeof record.caption === "string" && record.caption ? record.caption : names[0]!,
    entityType,
    riskType,
    names,
    birthDates: unique(values(properties, "birthDate").flatMap(parseBirthDates)),
    countries: unique(["nationality", "citizenship", "country"].flatMap((k) => values(properties, k)).map(toCountryCode)),
    datasets: datasets.map(datasetById),
  };
}

export async function* parseFtmJson(input: Readable, stats: { skipped: number }): AsyncGenerator<ListEntity> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (!line.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new Error(`Line ${lineNo} is not JSON`);
    }
    const entity = ftmToEntity(raw);
    if (entity) yield entity;
    else stats.skipped++;
  }
}
