import fs from "node:fs";
import { importAdverseMedia } from "../adverse-media/corpus-store";
import { importEvisaRecords } from "../evisa/import-evisa-records";
import { CLI_ACTOR, required, UsageError, type CliCommandModule } from "./command-module";

/** The data of the real-API parity checks (issue 16): the eVisa register and the adverse-media news corpus. */
export const parityCommands: CliCommandModule = {
  usage: [
    "import-evisa-records --file <csv>   (the built-in eVisa register: share codes and their holders; all or nothing)",
    "import-adverse-media --file <articles.jsonl|articles.csv>   (news articles for POST /api/v1/adverse-media; all or nothing; same link replaces)",
  ],
  options: {},
  commands: {
    "import-adverse-media": async (db, values) => {
      const file = required(values, "file");
      if (!fs.existsSync(file)) throw new UsageError(`No file ${file}`);
      const format = /\.csv$/i.test(file) ? "csv" : "jsonl";
      const report = await importAdverseMedia(db, { text: fs.readFileSync(file, "utf8"), format, actor: CLI_ACTOR });
      return { exitCode: report.rejected.length ? 1 : 0, output: { ok: report.rejected.length === 0, ...report } };
    },
    "import-evisa-records": async (db, values) => {
      const file = required(values, "file");
      if (!fs.existsSync(file)) throw new UsageError(`No file ${file}`);
      const report = await importEvisaRecords(db, { csv: fs.readFileSync(file, "utf8"), actor: CLI_ACTOR });
      return { exitCode: report.rejected.length ? 1 : 0, output: { ok: report.rejected.length === 0, ...report } };
    },
  },
};
