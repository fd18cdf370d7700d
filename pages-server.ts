// The pages' process of a production server: Next alone (pages, server actions, next-auth, the
// onboarding app's handlers), started by server.ts, which owns the port and hands it every request
// that is not the API's over a private Unix socket (lib/server/process/pages-process.ts). On the
// embedded database it reaches PGlite through the API process's bridge (lib/db/pglite-bridge.ts).
import { createServer } from "node:http";
import next from "next";
import { getConfig } from "./lib/config";
import { loadEnvFiles } from "./lib/load-env";
import { closeDatabase } from "./lib/db";
import { PAGES_SOCKET_ENV } from "./lib/server/process/pages-process";
import { isPeerMessage, linkProcess } from "./lib/server/shared/process-link";
import { forgetSharedCacheEntries } from "./lib/server/shared/ttl-cache";
import { registerVouchSettlement } from "./lib/server/vouch/register-vouch-settlement";

async function main() {
  const socketPath = process.env[PAGES_SOCKET_ENV];
  if (!socketPath || !process.send) throw new Error("pages-server.ts is started by server.ts (npm start), not on its own");
  const send = process.send.bind(process);
  loadEnvFiles(false);
  const config = getConfig();

  linkProcess({ role: "pages", send: (message) => void send(message) });
  // A referee locked out in an upload here settles their vouch (the hosted runner's table is per process).
  registerVouchSettlement();
  process.on("message", (message: unknown) => {
    if (isPeerMessage(message) && message.verity === "cache") forgetSharedCacheEntries(message.name, message.key);
  });

  const nextApp = next({ dev: false, hostname: "localhost", port: config.port });
  const handler = nextApp.getRequestHandler();
  await nextApp.prepare();
  const server = createServer((req, res) => void handler(req, res));
  server.keepAliveTimeout = 65_000;
  server.listen(socketPath, () => send("ready"));

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    void closeDatabase()
      .catch((error) => console.error("[pages] closing the database failed", error))
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  // Ctrl-C reaches the whole process group: the API's process decides when this one stops.
  process.on("SIGINT", () => {});
  // The API's process is gone: nothing can reach these pages any more.
  process.on("disconnect", stop);
}

main().catch((error: unknown) => {
  console.error("\nThe pages' process could not start:", error, "\n");
  process.exit(1);
});
