import path from "node:path";
import { getConfig, type AppConfig } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { codeUncodedFaces } from "./network/face-search";
import { readDemoCredentials, seedDemo, type DemoCredentials } from "./seed/seed-demo";
import { startWebhookRuntime, type WebhookRuntime } from "./webhooks/start-webhook-runtime";
import { webhookSettings } from "./webhooks/webhook-settings";

export function demoCredentialsPath(config: AppConfig): string {
  return path.join(config.dataDir, "demo-credentials.json");
}

/**
 * Everything that must happen before the port opens: open the database (taking the embedded
 * folder's lock), apply migrations, seed the demo team on a fresh database.
 */
export async function prepareService(): Promise<{ config: AppConfig; demo: DemoCredentials | null }> {
  const config = getConfig();
  const database = await getDatabase();
  let demo: DemoCredentials | null = null;
  if (config.seedDemo) {
    const file = demoCredentialsPath(config);
    const webhookUrl = `${config.publicBaseUrl}/api/onboarding/webhooks`;
    demo = (await seedDemo(database.db, { credentialsFile: file, webhookUrl })) ?? readDemoCredentials(file);
  }
  // Faces stored before sign codes existed get theirs in the background (searched exactly until then).
  void codeUncodedFaces(database.db)
    .then((n) => n > 0 && console.log(`[faces] coded ${n} stored face embeddings for search without pgvector`))
    .catch((error: unknown) => console.error("[faces] coding stored face embeddings failed:", error));
  return { config, demo };
}

/**
 * Webhook delivery in this process (the default), or, with WEBHOOK_WORKER=external, only the
 * relay of committed messages to the queue while `npm run worker` processes deliver them.
 */
export async function startWebhooks(config: AppConfig): Promise<WebhookRuntime> {
  const database = await getDatabase();
  return startWebhookRuntime({ database, settings: webhookSettings(config), deliver: config.webhooks.worker === "in-process" });
}
