// npm run cli -- <command> [options]: team, staff and credential administration (JSON output).
// In embedded mode it takes the data folder's lock, so stop the server first (PGlite allows one
// process per folder); with DATABASE_URL it runs beside the servers.
import { ConfigError, getConfig } from "../lib/config";
import { loadEnvFiles } from "../lib/load-env";
import { closeDatabase, getDb } from "../lib/db";
import { DataDirLockedError } from "../lib/db/pglite-lock";
import { readDocumentCommand } from "../lib/server/cli/document-commands";
import { compareFacesCommand, reembedFacesCommand } from "../lib/server/cli/face-commands";
import { runCli } from "../lib/server/cli/run-cli";

let exitCode = 1;
loadEnvFiles(false);
try {
  getConfig();
  const args = process.argv.slice(2);
  if (args[0] === "compare-faces") {
    // Comparing faces needs no database either, and prints one JSON object per line as it goes.
    exitCode = await compareFacesCommand(args.slice(1), process.stdout);
  } else {
    // Reading a document needs no database: it runs beside a server that holds the data folder.
    const { exitCode: code, output } =
      args[0] === "read-document"
        ? await readDocumentCommand(args.slice(1))
        : args[0] === "reembed-faces"
          ? await reembedFacesCommand(await getDb())
          : await runCli(await getDb(), args);
    console.log(JSON.stringify(output, null, 2));
    exitCode = code;
  }
} catch (error) {
  const message = error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : String(error);
  console.log(JSON.stringify({ ok: false, error: { message } }, null, 2));
} finally {
  await closeDatabase().catch(() => {});
}
process.exit(exitCode);
