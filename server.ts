// One process owns the port: the service API (Hono) for /api/v1, /api/v2 and /api/openapi.json,
// Next for everything else (pages, server actions, next-auth, the onboarding app's handlers).
// A Next route handler serves a thirteenth of Hono's throughput here (STACK.md).
// In production Next runs in a child process (pages-server.ts) that this one hands its requests
// to, so that Next's async hooks do not tax the API (issue 14); `--dev` keeps one process.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { ConfigError, getConfig } from "./lib/config";
import { loadEnvFiles } from "./lib/load-env";
import { closeDatabase, getDatabase, getDb } from "./lib/db";
import { DB_BRIDGE_ENV, servePgliteBridge, type PgliteBridge } from "./lib/db/pglite-bridge";
import { DataDirLockedError } from "./lib/db/pglite-lock";
import { checkDocumentModels } from "./lib/server/documents";
import { prepareService, demoCredentialsPath, startWebhooks } from "./lib/server/boot";
import { createApiApp } from "./lib/server/http/app";
import { isApiPath } from "./lib/server/http/routing";
import { stampClientIp } from "./lib/server/security/client-ip";
import { startRetentionSchedule } from "./lib/server/settings/schedule-retention";
import { kickHostedChecks } from "./lib/server/hosted/hosted-check-runner";
import { startHostedRuntime } from "./lib/server/hosted/start-hosted-runtime";
import { registerVouchSettlement } from "./lib/server/vouch/register-vouch-settlement";
import { startPagesProcess, type PagesProcess } from "./lib/server/process/pages-process";
import { forgetSharedCacheEntries } from "./lib/server/shared/ttl-cache";
import { notifyOutbox } from "./lib/server/webhooks/outbox";
import { APP_VERSION } from "./lib/version";

function fail(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error("\nThe server could not start:", error, "\n");
  }
  process.exit(1);
}

async function main() {
  const dev = process.argv.includes("--dev");
  loadEnvFiles(dev);
  let config;
  try {
    config = getConfig();
  } catch (error) {
    fail(error);
  }
  // Database first (lock, migrations, demo seed): nothing serves before the schema is current.
  const { demo } = await prepareService().catch(fail);
  // Workflows that act when a hosted case settles (vouching), before any case can.
  registerVouchSettlement();
  // The document engine's learned OCR must load here, or the server does not start (issue 29).
  await checkDocumentModels().catch(fail);

  const api = createApiApp({
    db: getDb,
    publicBaseUrl: config.publicBaseUrl,
    tokenTtlSeconds: config.tokenTtlSeconds,
    version: APP_VERSION,
    webhookAllowLoopback: config.webhookAllowLoopback,
    rateLimits: config.rateLimits,
  });
  const apiListener = getRequestListener(api.fetch);

  let pages: PagesProcess | null = null;
  let bridge: PgliteBridge | null = null;
  let pagesHandler: (req: IncomingMessage, res: ServerResponse) => void;
  if (dev) {
    // Imported only here: loading Next patches globals (Date, nextTick) of the process it is in.
    const { default: next } = await import("next");
    const nextApp = next({ dev, hostname: "localhost", port: config.port, turbopack: dev });
    const nextHandler = nextApp.getRequestHandler();
    await nextApp.prepare();
    pagesHandler = (req, res) => void nextHandler(req, res);
  } else {
    const database = await getDatabase();
    const env: Record<string, string> = {};
    if (database.pglite) {
      bridge = await servePgliteBridge(database.pglite).catch(fail);
      env[DB_BRIDGE_ENV] = bridge.socketDir;
    }
    pages = await startPagesProcess({
      entry: path.join(import.meta.dirname, "pages-server.ts"),
      env,
      onMessage: (message) => {
        if (message.verity === "outbox") notifyOutbox();
        else if (message.verity === "hosted-checks") void getDb().then(kickHostedChecks);
        else forgetSharedCacheEntries(message.name, message.key);
      },
    }).catch(fail);
    pagesHandler = pages.handle;
  }

  const server = createServer((req: IncomingMessage, res) => {
    // The one address the rate limits trust (issue 15): set here, whatever the client sent under that name.
    stampClientIp(req, config.trustProxyHops);
    if (isApiPath(req.url ?? "/")) return void apiListener(req, res);
    pagesHandler(req, res);
  });
  // Idle keep-alive connections outlive common load balancers' idle timeout (60 s), and the headers
  // timeout is set above the keep-alive one, as is usually advised. (A CI run once saw ECONNRESET
  // on a connection idle for about a minute; a 62 s idle test here did not reproduce it either way.)
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // Webhooks start once the port is open: the bundled onboarding receiver is served by this process.
  let webhooks: Promise<{ stop(): Promise<void> } | null> = Promise.resolve(null);
  // Data retention: daily in every app process (the runs are idempotent), first a few minutes after start.
  const retention = startRetentionSchedule({ db: getDb });
  // The hosted flow's sweeps: checks whose lease ran out, expired links, deleted evidence objects.
  const hosted = startHostedRuntime({ db: getDb });
  server.listen(config.port, config.host, () => {
    webhooks = startWebhooks(config).catch((error) => {
      console.error("Webhook delivery could not start:", error);
      return null;
    });
    const lines = [
      "",
      `  Ready on ${config.publicBaseUrl}  (${dev ? "development" : "production"}, ${config.database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"})`,
      `  API reference: ${config.publicBaseUrl}/docs   OpenAPI: ${config.publicBaseUrl}/api/openapi.json`,
    ];
    if (demo) {
      lines.push(
        `  Staff sign-in: ${config.publicBaseUrl}/console  email ${demo.staff.email}  password ${demo.staff.password}`,
        `  Live API credentials:    client_id ${demo.live.client_id}  client_secret ${demo.live.client_secret}`,
        `  Sandbox API credentials: client_id ${demo.sandbox.client_id}  client_secret ${demo.sandbox.client_secret}`,
        `  (also in ${demoCredentialsPath(config)})`,
      );
    }
    console.log(lines.join("\n") + "\n");
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down`);
    server.close();
    server.closeAllConnections();
    // Deliveries in flight finish (up to their timeout) and their outcomes are stored; then
    // closing PGlite flushes it to disk and releases the data folder's lock.
    Promise.all([webhooks.then((runtime) => runtime?.stop()), retention.stop(), hosted.stop(), pages?.stop()])
      .catch((error) => console.error("stopping background work failed", error))
      .then(() => bridge?.close())
      .then(() => closeDatabase())
      .catch((error) => console.error("closing the database failed", error))
      .finally(() => process.exit(0));
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

void main();
