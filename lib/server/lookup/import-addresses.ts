import fs from "node:fs";
import { parse } from "csv-parse";
import type { Db } from "@/lib/db";
import { addresses, type NewAddressRow } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { newId } from "../shared/crypto";
import { type Actor, type Tenant, ofTenant } from "../shared/tenant";
import { postcodeKey } from "./postcode";

/** Columns of the address CSV (header row required; order free; extra columns refused). */
export const ADDRESS_CSV_COLUMNS = [
  "postcode",
  "residence_number",
  "building_name",
  "street",
  "city",
  "region",
  "country_code",
  "country",
] as const;
const REQUIRED = ["postcode", "city", "country_code"] as const;
const BATCH = 1000;

export interface ImportReport {
  imported: number;
  rejected: { line: number; reason: string }[];
  replaced: number;
}

function toRow(record: Record<string, string>, tenant: Tenant): NewAddressRow | string {
  const get = (k: string) => (record[k] ?? "").trim() || null;
  for (const k of REQUIRED) if (!get(k)) return `${k} is required`;
  if (!get("residence_number") && !get("building_name")) return "residence_number or building_name is required";
  const countryCode = get("country_code")!.toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode)) return "country_code must be a two-letter code";
  const postcode = get("postcode")!.toUpperCase().replace(/\s+/g, " ");
  if (!/^[A-Z0-9 ]{2,12}$/.test(postcode)) return `postcode "${postcode}" is malformed`;
  return {
    id: newId("adr"),
    teamId: tenant.teamId,
    mode: tenant.mode,
    postcodeKey: postcodeKey(postcode),
    postcode,
    residenceNumber: get("residence_number"),
    buildingName: get("building_name"),
    street: get("street"),
    city: get("city")!,
    region: get("region"),
    countryCode,
    country: get("country") ?? (countryCode === "GB" ? "United Kingdom" : countryCode),
  };
}

/**
 * Imports an address CSV for one tenant, all or nothing: any malformed row is reported with its
 * line number and nothing is written, so a half-imported dataset never serves lookups.
 */
export async function importAddresses(
  db: Db,
  tenant: Tenant,
  input: { file: string; replace?: boolean; actor: Actor },
): Promise<ImportReport> {
  const parser = fs
    .createReadStream(input.file)
    .pipe(parse({ columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, trim: true }));
  const rows: NewAddressRow[] = [];
  const rejected: ImportReport["rejected"] = [];
  let line = 1;
  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    line++;
    if (line === 2) {
      const unknown = Object.keys(record).filter((k) => !(ADDRESS_CSV_COLUMNS as readonly string[]).includes(k));
      if (unknown.length) return { imported: 0, replaced: 0, rejected: [{ line: 1, reason: `unknown column(s): ${unknown.join(", ")}` }] };
    }
    const row = toRow(record, tenant);
    if (typeof row === "string") rejected.push({ line, reason: row });
    else rows.push(row);
  }
  if (rejected.length) return { imported: 0, replaced: 0, rejected };
  return db.transaction(async (tx) => {
    let replaced = 0;
    if (input.replace) {
      const gone = await tx.delete(addresses).where(ofTenant(addresses, tenant)).returning({ id: addresses.id });
      replaced = gone.length;
    }
    for (let i = 0; i < rows.length; i += BATCH) await tx.insert(addresses).values(rows.slice(i, i + BATCH));
    await recordAudit(tx, {
      ...tenant,
      actor: input.actor,
      action: "addresses.imported",
      metadata: { file: input.file, imported: rows.length, replaced },
    });
    return { imported: rows.length, replaced, rejected: [] };
  });
}
