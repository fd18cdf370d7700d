// The embedded app's webhook delivery in a process of its own (server.ts runs the same runtime
// beside the web server, on the same data folder): tests kill it with SIGKILL in the middle of a
// batch and start another one on the folder. Configured by the environment, like the app.
import { getConfig } from "@/lib/config";
import { closeDatabase, getDatabase } from "@/lib/db";
import { startWebhookRuntime } from "@/lib/server/webhooks/start-webhook-runtime";
import { webhookSettings } from "@/lib/server/webhooks/webhook-settings";

const config = getConfig();
const runtime = await startWebhookRuntime({ database: await getDatabase(), settings: webhookSettings(config), deliver: true });
console.log(`embedded webhook process ${process.pid} ready`);
process.on("SIGTERM", () => {
  void runtime
    .stop()
    .then(() => closeDatabase())
    .finally(() => process.exit(0));
});
