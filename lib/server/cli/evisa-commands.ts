import fs from "node:fs";
import { importEvisaRecords } from "../evisa/import-evisa-records";
import { CLI_ACTOR, required, UsageError, type CliCommandModule } from "./command-module";

/** The built-in eVisa provider's register (issue 16). */
export const evisaCommands: CliCommandModule = {
  usage: ["import-evisa-records --file <csv>   (the built-in eVisa register: share codes and their holders; all or nothing)"],
  options: {},
  commands: {
    "import-evisa-records": async (db, values) => {
      const file = required(values, "file");
      if (!fs.existsSync(file)) throw new UsageError(`No file ${file}`);
      const report = await importEvisaRecords(db, { csv: fs.readFileSync(file, "utf8"), actor: CLI_ACTOR });
      return { exitCode: report.rejected.length ? 1 : 0, output: { ok: report.rejected.length === 0, ...report } };
    },
  },
};
