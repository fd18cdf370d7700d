import fs from "node:fs";
import { importAmlList } from "../aml/import-aml-list";
import { AML_FORMATS, type AmlFormat } from "../aml/list-entity";
import { listAmlLists } from "../aml/list-aml-lists";
import { screenPerson } from "../aml/screen-person";
import { CLI_ACTOR, oneOf, required, UsageError, unwrap, type CliCommandModule } from "./command-module";

function threshold(value: string | boolean | undefined): number {
  if (value === undefined) return 96;
  const n = Number(value);
  if (typeof value !== "string" || !Number.isFinite(n) || n < 0 || n > 100)
    throw new UsageError("--threshold must be a number from 0 to 100");
  return n;
}

/** AML lists (issue 7): imports of sanctions and PEP lists, their versions, screening one name. */
export const amlCommands: CliCommandModule = {
  usage: [
    `import-aml-list --file <path> [--format ${AML_FORMATS.join("|")}] [--source <name>] [--title <title>]`,
    "list-aml-lists",
    "screen-name --first-name <name> --last-name <name> [--date-of-birth YYYY-MM-DD] [--country <code or name>] [--threshold 0-100]",
  ],
  options: {
    file: { type: "string" },
    format: { type: "string" },
    source: { type: "string" },
    title: { type: "string" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
    "date-of-birth": { type: "string" },
    country: { type: "string" },
    threshold: { type: "string" },
  },
  commands: {
    "import-aml-list": async (db, values) => {
      const file = required(values, "file");
      if (!fs.existsSync(file)) throw new UsageError(`No file ${file}`);
      const format = typeof values.format === "string" ? oneOf<AmlFormat>(values.format, AML_FORMATS, "format") : undefined;
      const source = typeof values.source === "string" ? values.source : undefined;
      const title = typeof values.title === "string" ? values.title : undefined;
      return unwrap(await importAmlList(db, { file, format, source, title, actor: CLI_ACTOR }));
    },
    "list-aml-lists": async (db) => ({ exitCode: 0, output: { ok: true, lists: await listAmlLists(db) } }),
    "screen-name": async (db, values) => {
      const dateOfBirth = typeof values["date-of-birth"] === "string" ? values["date-of-birth"] : null;
      if (dateOfBirth && !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) throw new UsageError("--date-of-birth must be YYYY-MM-DD");
      const person = {
        firstName: required(values, "first-name"),
        lastName: required(values, "last-name"),
        dateOfBirth,
        country: typeof values.country === "string" ? values.country : null,
      };
      const result = await screenPerson(db, person, { threshold: threshold(values.threshold) });
      return { exitCode: 0, output: { ok: true, ...result } };
    },
  },
};
