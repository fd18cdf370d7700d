import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { webhookAttempts } from "@/lib/db/schema";
import type { Database } from "@/lib/db";
import { INTERRUPTED } from "@/lib/server/webhooks/recover-leases";
import { startWebhookRuntime } from "@/lib/server/webhooks/start-webhook-runtime";
import { seedTeam } from "../support/api";
import { postgresAvailable } from "../support/db";
import {
  configureEndpoint,
  createPostgresDatabase,
  FAST_SETTINGS,
  messageStatuses,
  recordEvents,
  waitForStatus,
} from "../support/webhook-harness";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

// Real processes: `npm run worker` (scripts/worker.ts) on PostgreSQL, and the embedded app's
// delivery process on a PGlite folder. Each is killed with SIGKILL in the middle of a batch and
// another one finishes the work; on PostgreSQL two workers also share one queue.

const root = path.resolve(import.meta.dirname, "../..");
const FAST_ENV: Record<string, string> = {
  NODE_ENV: "test",
  WEBHOOK_ALLOW_LOOPBACK: "true",
  WEBHOOK_RETRY_SCHEDULE: FAST_SETTINGS.retryScheduleSeconds.join(","),
  WEBHOOK_TIMEOUT_SECONDS: "2",
  WEBHOOK_LEASE_SECONDS: "3",
  WEBHOOK_SWEEP_SECONDS: "0.2",
  WEBHOOK_CONCURRENCY: "8",
  SEED_DEMO: "false",
};

interface Worker {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}
const children = new Set<ChildProcess>();
afterAll(() => children.forEach((c) => c.kill("SIGKILL")));

async function startProcess(script: string, env: Record<string, string>): Promise<Worker> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...inherited, ...FAST_ENV, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => (children.delete(child), resolve(code))));
  const deadline = Date.now() + 30_000;
  while (!/ready/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${script} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, output: () => output, exited };
}

async function kill(worker: Worker, signal: NodeJS.Signals) {
  worker.child.kill(signal);
  return worker.exited;
}

/** Seeds a team whose endpoint is the receiver, and records `n` events. */
async function seedMessages(database: Database, receiver: WebhookReceiver, n: number): Promise<string[]> {
  const { team } = await seedTeam(database.db, "Acme");
  const tenant = { teamId: team.id, mode: "live" as const };
  await configureEndpoint(database.db, tenant, receiver.url());
  return recordEvents(
    database.db,
    tenant,
    Array.from({ length: n }, () => ({})),
  );
}

/**
 * Kills the first process once it is mid-batch (requests in flight), then a second one finishes:
 * `finished` resolves once the outbox is done (the messages the killed process had leased are
 * sent again when their lease runs out; the receiver deduplicates them).
 */
async function killMidBatchThenRestart(
  receiver: WebhookReceiver,
  ids: string[],
  start: () => Promise<Worker>,
  finished: (killedAt: number, interrupted: string[]) => Promise<void>,
) {
  receiver.respond(() => ({ status: 200, delayMs: 150 }));
  const first = await start();
  await receiver.waitFor(() => receiver.accepted.size >= 10 && receiver.inFlight() > 0, 20_000, "the first process to be mid-batch");
  // Requests the killed process had sent and never saw answered: the receiver may still take them
  // in, but their messages are settled only by a later delivery once the leases run out.
  const interrupted = receiver.inFlightIds();
  expect(await kill(first, "SIGKILL")).toBeNull();
  const killedAt = Date.now();
  expect(receiver.accepted.size).toBeLessThan(ids.length);
  const second = await start();
  await finished(killedAt, interrupted);
  expect(await kill(second, "SIGTERM")).toBe(0);
  // The receiver's dedupe table has each message once; nothing else reached it.
  expect(new Set(receiver.accepted.keys())).toEqual(new Set(ids));
  expect(receiver.overlaps).toEqual([]);
}

let receiver: WebhookReceiver;
afterEach(async () => receiver?.close());

describe("where delivery runs", () => {
  const run = (script: string, env: Record<string, string>) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    return spawnSync(process.execPath, ["--import", "tsx", script], {
      cwd: root,
      env: { ...inherited, ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
  };

  it("refuses WEBHOOK_WORKER=external on the embedded database, naming the variable", () => {
    const result = run("server.ts", { WEBHOOK_WORKER: "external", PORT: "3998" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/WEBHOOK_WORKER: external needs DATABASE_URL/);
  });

  it("npm run worker needs PostgreSQL", () => {
    const result = run("scripts/worker.ts", { DATA_DIR: path.join(os.tmpdir(), "idv-no-worker") });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/npm run worker needs DATABASE_URL/);
  });
});

describe("webhook delivery process killed with SIGKILL, embedded database", () => {
  it("loses nothing: the next process on the data folder takes the leases back and finishes", { timeout: 90_000 }, async () => {
    receiver = await startWebhookReceiver();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "idv-webhooks-"));
    try {
      let database = await openDatabase({ kind: "pglite", dataDir: dir });
      await runMigrations(database);
      const ids = await seedMessages(database, receiver, 60);
      await database.close(); // the folder serves one process at a time

      // The folder is the running process's: watch the receiver until the killed process's leases
      // (3 s) have run out and their messages were sent again.
      await killMidBatchThenRestart(
        receiver,
        ids,
        () => startProcess("tests/support/embedded-webhook-process.ts", { DATA_DIR: dir }),
        async (killedAt, interrupted) => {
          await receiver.waitFor(() => ids.every((id) => receiver.accepted.has(id)), 30_000, "every message to be delivered");
          // The interrupted messages are sent again once their leases (3 s) ran out; under load the
          // next process can take longer than that to start, so wait for those deliveries themselves.
          // A lease is taken before its message is sent, so it runs out before killedAt + 3 s: a fast
          // second process sends again before that instant. Any request after the kill is its.
          const redelivered = (id: string) => receiver.requests.some((r) => r.id === id && r.at > killedAt && r.status < 300);
          await receiver.waitFor(
            () => interrupted.every(redelivered) && receiver.inFlight() === 0,
            45_000,
            "the leases to run out and the interrupted messages to be sent again",
          );
        },
      );

      database = await openDatabase({ kind: "pglite", dataDir: dir });
      const statuses = await messageStatuses(database.db, ids);
      expect([...statuses.values()].every((s) => s === "delivered")).toBe(true);
      const attempts = await database.db.select().from(webhookAttempts);
      expect(attempts.some((a) => a.error === INTERRUPTED)).toBe(true); // leases of the killed process, taken back
      await database.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Separate worker processes need PostgreSQL (PGlite is one process per folder): run where a test
// PostgreSQL exists (CI sets TEST_DATABASE_URL), reported as skipped elsewhere, never absent (issue 15).
describe.skipIf(!postgresAvailable)("npm run worker on PostgreSQL", () => {
  it("killed with SIGKILL mid-batch: another worker takes the leases back and nothing is lost", { timeout: 90_000 }, async () => {
    receiver = await startWebhookReceiver();
    const pg = await createPostgresDatabase();
    // The app in WEBHOOK_WORKER=external mode: it records and relays; workers deliver.
    const app = await startWebhookRuntime({ database: pg.database, settings: FAST_SETTINGS, deliver: false });
    try {
      const ids = await seedMessages(pg.database, receiver, 60);
      await killMidBatchThenRestart(
        receiver,
        ids,
        () => startProcess("scripts/worker.ts", { DATABASE_URL: pg.url, WEBHOOK_WORKER: "external" }),
        () => waitForStatus(pg.database.db, ids, ["delivered"], 30_000),
      );
      const statuses = await messageStatuses(pg.database.db, ids);
      expect([...statuses.values()].every((s) => s === "delivered")).toBe(true);
      const attempts = await pg.database.db.select().from(webhookAttempts);
      expect(attempts.some((a) => a.error === INTERRUPTED)).toBe(true);
    } finally {
      await app.stop();
      await pg.dispose();
    }
  });

  it("two workers share the queue: every message delivered, none twice at once", { timeout: 90_000 }, async () => {
    receiver = await startWebhookReceiver();
    receiver.respond(() => ({ status: 200, delayMs: Math.floor(Math.random() * 20) }));
    const pg = await createPostgresDatabase();
    const app = await startWebhookRuntime({ database: pg.database, settings: FAST_SETTINGS, deliver: false });
    const env = { DATABASE_URL: pg.url, WEBHOOK_WORKER: "external" };
    const workers = await Promise.all([startProcess("scripts/worker.ts", env), startProcess("scripts/worker.ts", env)]);
    try {
      const ids = await seedMessages(pg.database, receiver, 200);
      await waitForStatus(pg.database.db, ids, ["delivered"], 30_000);
      expect(new Set(receiver.accepted.keys())).toEqual(new Set(ids));
      expect(receiver.overlaps).toEqual([]);
      // No lease expired, so no attempt was repeated: each message reached the receiver once.
      expect(receiver.requests).toHaveLength(ids.length);
      const attempts = await pg.database.db.select().from(webhookAttempts);
      expect(attempts).toHaveLength(ids.length);
    } finally {
      for (const worker of workers) expect(await kill(worker, "SIGTERM")).toBe(0);
      await app.stop();
      await pg.dispose();
    }
  });
});
