import fs from "node:fs";
import { desc, isNull } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import { auditLog, modeEnum, residencyDatasets, type Mode } from "@/lib/db/schema";
import { addBlocklistEntry, type BlocklistSubject } from "../blocklist/add-blocklist-entry";
import { listBlocklistEntries } from "../blocklist/list-blocklist-entries";
import { removeBlocklistEntry } from "../blocklist/remove-blocklist-entry";
import { importResidencyDataset } from "../enrichments/credit-bureau/import-residency-dataset";
import { CLI_ACTOR, oneOf, required, UsageError, unwrap, type CliCommandModule, type CliValues } from "./command-module";

function blocklistSubject(values: CliValues): BlocklistSubject {
  const email = typeof values.email === "string" ? values.email.trim() : "";
  const person = ["first-name", "last-name", "date-of-birth"].filter((k) => typeof values[k] === "string");
  if (email && person.length) throw new UsageError("Give --email, or --first-name, --last-name and --date-of-birth, not both");
  if (email) return { kind: "email", email };
  if (person.length === 0) throw new UsageError("Give --email <email>, or --first-name, --last-name and --date-of-birth");
  return {
    kind: "identity",
    firstName: required(values, "first-name"),
    lastName: required(values, "last-name"),
    dateOfBirth: required(values, "date-of-birth"),
  };
}

/** Fraud network: the platform blocklist and the credit bureau's residency datasets (issue 7). */
export const fraudCommands: CliCommandModule = {
  usage: [
    "import-residency --file <csv> --name <name> [--mode live|sandbox]   (a new dataset version; all or nothing)",
    "list-residency-datasets",
    "blocklist-add (--email <email> | --first-name <name> --last-name <name> --date-of-birth <YYYY-MM-DD>) --reason <why>",
    "blocklist-list [--include-removed]",
    "blocklist-remove --id <entry id>",
    "audit-list [--limit <n>]   (platform-level changes: the network blocklist, AML lists, residency datasets; newest first)",
  ],
  options: {
    "first-name": { type: "string" },
    "last-name": { type: "string" },
    "date-of-birth": { type: "string" },
    reason: { type: "string" },
    "include-removed": { type: "boolean" },
    limit: { type: "string" },
  },
  commands: {
    "import-residency": async (db, values) => {
      const file = required(values, "file");
      if (!fs.existsSync(file)) throw new UsageError(`No file ${file}`);
      const mode = oneOf<Mode>(typeof values.mode === "string" ? values.mode : "live", modeEnum.enumValues, "mode");
      const report = await importResidencyDataset(db, { file, name: required(values, "name"), mode, actor: CLI_ACTOR });
      return { exitCode: report.rejected.length ? 1 : 0, output: { ok: report.rejected.length === 0, ...report } };
    },
    "list-residency-datasets": async (db) => ({
      exitCode: 0,
      output: { ok: true, datasets: await db.select().from(residencyDatasets).orderBy(desc(residencyDatasets.importedAt)) },
    }),
    "blocklist-add": async (db, values) => {
      const subject = blocklistSubject(values);
      const result = await addBlocklistEntry(db, {
        by: { platform: CLI_ACTOR },
        subject,
        reason: required(values, "reason"),
        networkKey: getConfig().networkKey,
      });
      return unwrap(result);
    },
    "blocklist-list": async (db, values) => ({
      exitCode: 0,
      output: {
        ok: true,
        entries: await listBlocklistEntries(db, { teamId: null, includeRemoved: values["include-removed"] === true, limit: 5000 }),
      },
    }),
    "audit-list": async (db, values) => {
      const limit = typeof values.limit === "string" ? Number(values.limit) : 100;
      if (!Number.isInteger(limit) || limit < 1 || limit > 5000) throw new UsageError("--limit is a whole number from 1 to 5000");
      const entries = await db
        .select()
        .from(auditLog)
        .where(isNull(auditLog.teamId))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
      return { exitCode: 0, output: { ok: true, entries } };
    },
    "blocklist-remove": async (db, values) =>
      unwrap(await removeBlocklistEntry(db, { by: { platform: CLI_ACTOR }, id: required(values, "id") })),
  },
};
