import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { evisaRecords } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../shared/tenant";

/*
 * The built-in eVisa register's import (CSV, header row): share_code, date_of_birth, first_name,
 * last_name, reference_number, immigration_status, and optionally nationality, valid_from,
 * expiration_date (empty: indefinite), max_weekly_hours, no_self_employment, status_recognised
 * (yes/no). All or nothing: one bad row rejects the file, every bad row named by its line.
 * A share code already present is replaced (the register's latest word wins).
 */

const REQUIRED = ["share_code", "date_of_birth", "first_name", "last_name", "reference_number", "immigration_status"] as const;
const OPTIONAL = ["nationality", "valid_from", "expiration_date", "max_weekly_hours", "no_self_employment", "status_recognised"] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export interface EvisaImportReport {
  imported: number;
  rejected: { line: number; message: string }[];
}

export async function importEvisaRecords(db: Db, input: { csv: string; actor: Actor }): Promise<EvisaImportReport> {
  let rows: Record<string, string>[];
  try {
    rows = parse(input.csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch (error) {
    return { imported: 0, rejected: [{ line: 1, message: `Not a CSV file: ${(error as Error).message}` }] };
  }
  const header = rows.length ? Object.keys(rows[0]!) : [];
  const missing = REQUIRED.filter((c) => !header.includes(c));
  const unknown = header.filter((c) => !(REQUIRED as readonly string[]).includes(c) && !(OPTIONAL as readonly string[]).includes(c));
  if (rows.length === 0) return { imported: 0, rejected: [{ line: 1, message: "No rows" }] };
  if (missing.length || unknown.length) {
    return {
      imported: 0,
      rejected: [
        {
          line: 1,
          message: [
            missing.length ? `missing columns: ${missing.join(", ")}` : "",
            unknown.length ? `unknown columns: ${unknown.join(", ")}` : "",
          ]
            .filter(Boolean)
            .join("; "),
        },
      ],
    };
  }
  const rejected: EvisaImportReport["rejected"] = [];
  const values: (typeof evisaRecords.$inferInsert)[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const line = i + 2;
    const problems: string[] = [];
    const shareCode = (row.share_code ?? "").replace(/[\s-]+/g, "").toUpperCase();
    if (!/^[A-Z0-9]{9}$/.test(shareCode)) problems.push("share_code must be 9 letters and digits");
    else if (seen.has(shareCode)) problems.push(`share_code repeats line ${seen.get(shareCode)}`);
    else seen.set(shareCode, line);
    for (const column of ["date_of_birth", "valid_from", "expiration_date"] as const) {
      const value = row[column] ?? "";
      if ((column === "date_of_birth" || value) && !realDate(value)) problems.push(`${column} must be a date (YYYY-MM-DD)`);
    }
    for (const column of ["first_name", "last_name", "reference_number", "immigration_status"] as const) {
      if (!row[column]) problems.push(`${column} is required`);
      else if (row[column]!.length > 200 || row[column]!.includes("\u0000"))
        problems.push(`${column} is not a plain value of at most 200 characters`);
    }
    const recognised = (row.status_recognised ?? "yes").toLowerCase();
    if (!["yes", "no", ""].includes(recognised)) problems.push("status_recognised must be yes or no");
    if (problems.length) return rejected.push({ line, message: problems.join("; ") });
    values.push({
      shareCode,
      dateOfBirth: row.date_of_birth!,
      firstName: row.first_name!,
      lastName: row.last_name!,
      referenceNumber: row.reference_number!,
      immigrationStatus: row.immigration_status!,
      nationality: row.nationality || null,
      validFrom: row.valid_from || null,
      expirationDate: row.expiration_date || null,
      maxWeeklyHours: row.max_weekly_hours || null,
      noSelfEmployment: row.no_self_employment || null,
      statusRecognised: recognised !== "no",
    });
  });
  if (rejected.length) return { imported: 0, rejected };
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += 500) {
      await tx
        .insert(evisaRecords)
        .values(values.slice(i, i + 500))
        .onConflictDoUpdate({
          target: evisaRecords.shareCode,
          set: {
            dateOfBirth: sql`excluded.date_of_birth`,
            firstName: sql`excluded.first_name`,
            lastName: sql`excluded.last_name`,
            referenceNumber: sql`excluded.reference_number`,
            immigrationStatus: sql`excluded.immigration_status`,
            nationality: sql`excluded.nationality`,
            validFrom: sql`excluded.valid_from`,
            expirationDate: sql`excluded.expiration_date`,
            maxWeeklyHours: sql`excluded.max_weekly_hours`,
            noSelfEmployment: sql`excluded.no_self_employment`,
            statusRecognised: sql`excluded.status_recognised`,
          },
        });
    }
    await recordAudit(tx, {
      teamId: null,
      actor: input.actor,
      action: "evisa_register.imported",
      targetType: "evisa_register",
      metadata: { records: values.length },
    });
  });
  return { imported: values.length, rejected: [] };
}
