import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { amlEntities, amlListVersions, type AmlListVersion, type NewAmlEntity } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { newId } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import type { Actor } from "../shared/tenant";
import { FORMAT_SOURCES, type AmlFormat } from "./list-entity";
import { detectAmlFormat, parseAmlList, readHead } from "./parse-aml-list";
import { rescreenMonitoredAccounts, type RescreenReport } from "./rescreen-monitored-accounts";

export interface ImportAmlListOptions {
  file: string;
  /** Read from the file's first bytes when not given. */
  format?: AmlFormat;
  /** The list this file is a version of (default by format: ofac_sdn, un_consolidated, opensanctions, ...). */
  source?: string;
  title?: string;
  actor?: Actor;
  /** Screen the monitored accounts again after the import (default true). */
  rescreen?: boolean;
  now?: Date;
}

export interface ImportAmlListReport {
  version: AmlListVersion;
  format: AmlFormat;
  /** Entries not screened on (no name, or neither sanctioned nor PEP). */
  skipped: number;
  rescreen: RescreenReport | null;
}

const BATCH = 1000;

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Imports one sanctions or PEP list file as a new version of its source, in one transaction
 * (a file that fails to parse leaves nothing behind). Every version is kept; screening uses the
 * latest of each source. After the commit the monitored accounts are screened again.
 */
export async function importAmlList(db: Db, options: ImportAmlListOptions): Promise<Result<ImportAmlListReport>> {
  const { file } = options;
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return fail("invalid", `No file ${file}`);
  const format = options.format ?? detectAmlFormat(await readHead(file));
  if (!format)
    return fail(
      "invalid",
      "Could not tell the list's format from its content; give --format ofac-sdn-xml|ofac-sdn-csv|un-xml|ftm-json|opensanctions-csv",
    );
  const source = options.source ?? FORMAT_SOURCES[format].source;
  if (!/^[a-z0-9][a-z0-9_.-]{0,63}$/.test(source))
    return fail("invalid", "The source must be 1–64 lower-case letters, digits, '_', '.' or '-'");
  const sha256 = await sha256File(file);
  const stats = { skipped: 0 };
  let version: AmlListVersion;
  try {
    version = await db.transaction(async (tx) => {
      const id = newId("amlv");
      await tx.insert(amlListVersions).values({
        id,
        source,
        title: options.title ?? FORMAT_SOURCES[format].title,
        fileName: path.basename(file),
        sha256,
        entityCount: 0,
        importedBy: options.actor ? `${options.actor.type}:${options.actor.id ?? ""}` : null,
        // The database's clock (microseconds) orders versions unless the caller fixes the time.
        ...(options.now ? { importedAt: options.now } : {}),
      });
      let count = 0;
      let batch: NewAmlEntity[] = [];
      for await (const entity of parseAmlList(file, format, stats)) {
        batch.push({ id: newId("amle"), listVersionId: id, ...entity });
        if (batch.length === BATCH) {
          await tx.insert(amlEntities).values(batch);
          count += batch.length;
          batch = [];
        }
      }
      if (batch.length) await tx.insert(amlEntities).values(batch);
      count += batch.length;
      const [row] = await tx.update(amlListVersions).set({ entityCount: count }).where(eq(amlListVersions.id, id)).returning();
      // A platform-level change: every team's screening follows the current list.
      await recordAudit(tx, {
        teamId: null,
        actor: options.actor ?? { type: "system" },
        action: "aml.list_imported",
        targetType: "aml_list_version",
        targetId: id,
        metadata: { source, fileName: path.basename(file), sha256, entities: count },
      });
      return row!;
    });
  } catch (error) {
    return fail("invalid", `The ${format} file could not be imported: ${(error as Error).message}`);
  }
  const rescreen = options.rescreen === false ? null : await rescreenMonitoredAccounts(db, { now: options.now });
  return ok({ version, format, skipped: stats.skipped, rescreen });
}
