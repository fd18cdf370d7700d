import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CsvError, parse } from "csv-parse";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { residencyDatasets, residencyRecords, type Mode, type NewResidencyRecord } from "@/lib/db/schema";
import { recordAudit } from "../../audit/record-audit";
import { postcodeKey } from "../../lookup/postcode";
import { normalizeName } from "../../network/keys";
import { newId } from "../../shared/crypto";
import type { Actor } from "../../shared/tenant";

/** Columns of the residency CSV (header row required, any order, no others). */
export const RESIDENCY_CSV_COLUMNS = [
  "first_name",
  "last_name",
  "date_of_birth",
  "residence_number",
  "building_name",
  "street",
  "city",
  "postcode",
  "country_code",
] as const;
const REQUIRED_COLUMNS = ["first_name", "last_name", "postcode", "country_code"] as const;
const BATCH = 1000;
/** Past this many, further rejected rows are counted, not listed. */
const MAX_LISTED = 100;

export interface ResidencyImportReport {
  /** The new dataset's id; null when the file was rejected (nothing was written). */
  datasetId: string | null;
  name: string;
  imported: number;
  rejected: { line: number; reason: string }[];
}

class Rejected extends Error {}

function validDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date <= new Date();
}

function toRecord(row: Record<string, string>, datasetId: string): Omit<NewResidencyRecord, "id"> | string {
  const get = (k: string) => (row[k] ?? "").trim() || null;
  for (const k of REQUIRED_COLUMNS) if (!get(k)) return `${k} is required`;
  if (!normalizeName(get("last_name")!)) return "last_name has no letters or digits";
  const dob = get("date_of_birth");
  if (dob && !validDate(dob)) return `date_of_birth "${dob}" must be a past date written YYYY-MM-DD`;
  if (!get("residence_number") && !get("building_name")) return "residence_number or building_name is required";
  const countryCode = get("country_code")!.toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode)) return "country_code must be a two-letter code";
  const postcode = get("postcode")!;
  if (!/^[A-Za-z0-9 ]{2,12}$/.test(postcode)) return `postcode "${postcode}" is malformed`;
  return {
    datasetId,
    firstName: get("first_name")!,
    lastName: get("last_name")!,
    lastNameKey: normalizeName(get("last_name")!),
    dateOfBirth: dob,
    residenceNumber: get("residence_number"),
    buildingName: get("building_name"),
    street: get("street"),
    city: get("city"),
    postcodeKey: postcodeKey(postcode),
    countryCode,
  };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

const SYSTEM_ACTOR: Actor = { type: "system" };

/**
 * Imports a residency CSV as a new dataset version (older versions are kept; the bureau reads
 * the latest of the mode). All or nothing: rows are written in one transaction while the file
 * streams, and any rejected row rolls all of it back, reported with its line number.
 */
export async function importResidencyDataset(
  db: Db,
  input: { file: string; name: string; mode?: Mode; actor?: Actor },
): Promise<ResidencyImportReport> {
  const name = input.name.trim();
  const rejected: ResidencyImportReport["rejected"] = [];
  let rejectedCount = 0;
  const reject = (line: number, reason: string) => {
    rejectedCount++;
    if (rejected.length < MAX_LISTED) rejected.push({ line, reason });
  };
  const sha256 = await sha256Of(input.file);
  const datasetId = newId("rds");
  let imported = 0;
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(residencyDatasets)
        .values({ id: datasetId, name, fileName: path.basename(input.file), sha256, recordCount: 0, mode: input.mode ?? "live" });
      const parser = fs.createReadStream(input.file).pipe(
        parse({
          columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
          skip_empty_lines: true,
          info: true,
          bom: true,
        }),
      );
      let batch: NewResidencyRecord[] = [];
      let first = true;
      for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
        if (first) {
          first = false;
          const columns = Object.keys(record);
          const unknown = columns.filter((k) => !(RESIDENCY_CSV_COLUMNS as readonly string[]).includes(k));
          const missing = REQUIRED_COLUMNS.filter((k) => !columns.includes(k));
          if (unknown.length) reject(1, `unknown column(s): ${unknown.join(", ")}`);
          if (missing.length) reject(1, `missing column(s): ${missing.join(", ")}`);
          if (unknown.length || missing.length) throw new Rejected();
        }
        const row = toRecord(record, datasetId);
        if (typeof row === "string") reject(info.lines, row);
        else if (rejectedCount === 0) {
          batch.push({ id: newId("rsr"), ...row });
          imported++;
          if (batch.length === BATCH) {
            await tx.insert(residencyRecords).values(batch);
            batch = [];
          }
        }
      }
      if (first) reject(1, "the file has no rows (a header row and at least one person are needed)");
      if (rejectedCount) throw new Rejected();
      if (batch.length) await tx.insert(residencyRecords).values(batch);
      await tx.update(residencyDatasets).set({ recordCount: imported }).where(eq(residencyDatasets.id, datasetId));
      await recordAudit(tx, {
        teamId: null,
        mode: input.mode ?? "live",
        actor: input.actor ?? SYSTEM_ACTOR,
        action: "residency.dataset_imported",
        targetType: "residency_dataset",
        targetId: datasetId,
        metadata: { name, fileName: path.basename(input.file), sha256, records: imported },
      });
    });
  } catch (error) {
    if (error instanceof CsvError)
      reject((error as CsvError & { lines?: number }).lines ?? 0, `the file is not valid CSV: ${error.message}`);
    else if (!(error instanceof Rejected)) throw error;
  }
  if (rejectedCount > MAX_LISTED) rejected.push({ line: 0, reason: `…and ${rejectedCount - MAX_LISTED} more rejected rows` });
  return rejectedCount ? { datasetId: null, name, imported: 0, rejected } : { datasetId, name, imported, rejected: [] };
}
