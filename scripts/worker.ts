// npm run worker – delivers webhooks beside app instances configured with WEBHOOK_WORKER=external
// (they record and relay; workers claim and send). Needs DATABASE_URL: the embedded database
// serves exactly one process, which then delivers webhooks itself. Run as many as you like on
// one PostgreSQL: a message's attempt is claimed by one worker at a time.
import { ConfigError, getConfig, type AppConfig } from "../lib/config";
import { loadEnvFiles } from "../lib/load-env";
import { closeDatabase, getDatabase } from "../lib/db";
import { startWebhookRuntime } from "../lib/server/webhooks/start-webhook-runtime";
import { webhookSettings } from "../lib/server/webhooks/webhook-settings";

loadEnvFiles(false);
let config: AppConfig;
try {
  config = getConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? `\n${error.message}\n` : error);
  process.exit(1);
}
if (config.database.kind !== "postgres") {
  console.error(
    "\nnpm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the app process delivers webhooks itself;\n" +
      "a second process cannot open the same data folder.\n",
  );
  process.exit(1);
}

const settings = webhookSettings(config);
const runtime = await startWebhookRuntime({ database: await getDatabase(), settings, deliver: true }).catch(async (error) => {
  console.error("The webhook worker could not start:", error);
  await closeDatabase().catch(() => {});
  process.exit(1);
});
console.log(
  `Webhook worker ${process.pid} ready: up to ${settings.concurrency} deliveries at once, ${settings.retryScheduleSeconds.length} tries per message`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: webhook worker ${process.pid} finishing its deliveries`);
  await runtime.stop().catch((error) => console.error("stopping the worker failed", error));
  await closeDatabase().catch(() => {});
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
