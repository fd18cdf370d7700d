// Webhook delivery: signed deliveries per second to a loopback receiver, and the delay from a
// message's commit to its arrival, on PGlite (a data folder, as in embedded mode) and on
// PostgreSQL. The runtime runs in this process as the app runs it (in-process, config defaults:
// 64 deliveries in flight); the receiver is a plain node:http process that verifies every
// signature with the standardwebhooks package.
//   1. backlog:  N messages committed while no worker runs, then drained      goal ≥ 500/s
//   2. steady:   R messages/s, one transaction each, for D s                    goal p99 < 1 s
//   3. burst:    N messages committed as fast as one producer can, while delivering
//
//   npx tsx tests/bench/webhooks.ts   (BENCH_WEBHOOKS_N=5000, BENCH_WEBHOOKS_RATE=500, BENCH_DURATION=10;
//   BENCH_PG_URL as in api.ts; WEBHOOK_CONCURRENCY and the other WEBHOOK_* variables apply)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseConfig } from "@/lib/config";
import { openDatabase, type Database } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { createTeam } from "@/lib/server/teams/create-team";
import { notifyOutbox, recordWebhookEvent } from "@/lib/server/webhooks/outbox";
import { setWebhookEndpoint } from "@/lib/server/webhooks/set-webhook-endpoint";
import { startWebhookRuntime } from "@/lib/server/webhooks/start-webhook-runtime";
import { webhookSettings } from "@/lib/server/webhooks/webhook-settings";
import { benchConfig, cpuBusyPercent, freePort, REPO_ROOT, runBench, scratchPostgres, startProcess, type ServerHandle } from "./lib";

const N = Number(process.env.BENCH_WEBHOOKS_N ?? 5000);
const RATE = Number(process.env.BENCH_WEBHOOKS_RATE ?? 500);
const ENGINES = (process.env.BENCH_WEBHOOKS_ENGINES ?? "pglite,postgres").split(",");
const SYSTEM = { type: "system" as const };
const now = () => performance.timeOrigin + performance.now(); // wall clock, sub-millisecond, comparable across processes

// The receiver: verifies each delivery, keeps the first arrival time of each webhook-id.
const RECEIVER_SOURCE = `
const http = require("node:http");
const { Webhook } = require("standardwebhooks");
let hook = null, arrivals = new Map(), received = 0, invalid = 0;
const now = () => performance.timeOrigin + performance.now();
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    if (req.method === "PUT" && req.url === "/secret") { hook = new Webhook(body); arrivals = new Map(); received = invalid = 0; return res.end("ok"); }
    if (req.method === "GET") return res.end(req.url === "/arrivals" ? JSON.stringify({ received, invalid, arrivals: Object.fromEntries(arrivals) }) : "ok");
    const at = now();
    received++;
    try { hook.verify(body, req.headers); } catch { invalid++; res.writeHead(400); return res.end("bad signature"); }
    const id = req.headers["webhook-id"];
    if (!arrivals.has(id)) arrivals.set(id, at);
    res.end("ok");
  });
});
server.keepAliveTimeout = 600000; // the bench's own polling connection idles while it sets up
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
`;

interface Arrivals {
  received: number;
  invalid: number;
  arrivals: Record<string, number>;
}
async function arrivals(receiver: ServerHandle): Promise<Arrivals> {
  try {
    return (await (await fetch(`${receiver.url}/arrivals`)).json()) as Arrivals;
  } catch (error) {
    throw new Error(`the receiver did not answer (${(error as Error).cause ?? error}); its output:\n${receiver.output()}`);
  }
}

async function waitForArrivals(receiver: ServerHandle, ids: string[], timeoutMs = 120_000): Promise<Arrivals> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await arrivals(receiver);
    if (ids.every((id) => id in got.arrivals)) return got;
    if (Date.now() > deadline)
      throw new Error(`only ${Object.keys(got.arrivals).length} of ${ids.length} messages arrived in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function delays(commits: Map<string, number>, got: Arrivals) {
  const list = [...commits].map(([id, at]) => got.arrivals[id]! - at).sort((a, b) => a - b);
  return { p50: percentile(list, 50), p99: percentile(list, 99), max: list.at(-1) ?? NaN };
}

async function commitOne(database: Database, tenant: { teamId: string; mode: "live" }, i: number): Promise<[string, number]> {
  const id = await database.db.transaction((tx) =>
    recordWebhookEvent(tx, {
      tenant,
      event: "Verified",
      verificationId: null,
      payload: { event: "Verified", id: `bench-${i}`, status: "Verified", n: i },
    }),
  );
  const at = now();
  notifyOutbox();
  return [id!, at];
}

/**
 * Commits `count` messages, each in its own transaction as a state change would, from up to 32
 * concurrent producers (as many API requests would), each at `dueAt(i)` when given, else at once.
 * Returns each message's commit time.
 */
async function produce(
  database: Database,
  tenant: { teamId: string; mode: "live" },
  count: number,
  first: number,
  dueAt?: (i: number) => number,
) {
  const commits = new Map<string, number>();
  let next = 0;
  const producer = async () => {
    while (next < count) {
      const i = next++;
      const wait = dueAt ? dueAt(i) - now() : 0;
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const [id, at] = await commitOne(database, tenant, first + i);
      commits.set(id, at);
    }
  };
  await Promise.all(Array.from({ length: 32 }, producer));
  return commits;
}

interface EngineResult {
  engine: string;
  backlogPerSec: number;
  steady: { offered: number; achieved: number; p50: number; p99: number; max: number };
  burst: { perSec: number; p50: number; p99: number; max: number };
  invalid: number;
}

async function benchEngine(engine: string, database: Database, receiver: ServerHandle): Promise<EngineResult> {
  await runMigrations(database);
  const team = await createTeam(database.db, { name: `Bench ${engine}`, actor: SYSTEM });
  if (!team.ok) throw new Error(team.error.message);
  const tenant = { teamId: team.value.id, mode: "live" as const };
  const endpoint = await setWebhookEndpoint(database.db, { tenant, actor: SYSTEM, url: `${receiver.url}/hooks`, allowLoopback: true });
  if (!endpoint.ok || !endpoint.value.secret) throw new Error("could not configure the endpoint");
  await fetch(`${receiver.url}/secret`, { method: "PUT", body: endpoint.value.secret });
  const settings = webhookSettings(parseConfig({ ...process.env, DATABASE_URL: undefined }), { allowLoopback: true });

  // 1. Backlog: commit N with no worker running, then time the drain.
  const backlog: string[] = [];
  backlog.push(...(await produce(database, tenant, N, 0)).keys());
  const started = now();
  const runtime = await startWebhookRuntime({ database, settings, deliver: true });
  let got = await waitForArrivals(receiver, backlog);
  const backlogPerSec = N / ((Math.max(...backlog.map((id) => got.arrivals[id]!)) - started) / 1000);
  console.log(`  ${engine}: backlog of ${N} drained at ${Math.round(backlogPerSec)}/s`);

  // 2. Steady: RATE commits per second for the bench duration, each its own transaction.
  const duration = benchConfig().duration;
  const t0 = now();
  const steady = await produce(database, tenant, RATE * duration, N, (i) => t0 + (i * 1000) / RATE);
  const offeredFor = (now() - t0) / 1000;
  got = await waitForArrivals(receiver, [...steady.keys()]);
  const steadyDelays = delays(steady, got);
  const lastSteady = Math.max(...[...steady.keys()].map((id) => got.arrivals[id]!));
  const achieved = steady.size / ((lastSteady - t0) / 1000);
  console.log(
    `  ${engine}: ${steady.size} at ${RATE}/s offered (${Math.round(steady.size / offeredFor)}/s committed): p99 ${Math.round(steadyDelays.p99)} ms`,
  );

  // 3. Burst: one producer commits N as fast as it can while the runtime delivers.
  const burst = await produce(database, tenant, N, 2 * N + RATE * duration);
  got = await waitForArrivals(receiver, [...burst.keys()]);
  const firstCommit = Math.min(...burst.values());
  const lastArrival = Math.max(...[...burst.keys()].map((id) => got.arrivals[id]!));
  const burstDelays = delays(burst, got);
  console.log(`  ${engine}: burst of ${N}: ${Math.round(N / ((lastArrival - firstCommit) / 1000))}/s end to end`);
  await runtime.stop();
  return {
    engine,
    backlogPerSec,
    steady: { offered: RATE, achieved, ...steadyDelays },
    burst: { perSec: N / ((lastArrival - firstCommit) / 1000), ...burstDelays },
    invalid: got.invalid,
  };
}

async function withPostgres<T>(run: (database: Database) => Promise<T>): Promise<T | null> {
  const scratch = await scratchPostgres();
  if (!scratch) return null;
  const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 10 });
  try {
    return await run(database);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

await runBench(main);

async function main(): Promise<number> {
  const port = await freePort();
  const receiver = await startProcess({
    name: "receiver",
    command: process.execPath,
    args: ["-e", RECEIVER_SOURCE],
    env: { ...process.env, PORT: String(port) },
    port,
    readyPath: "/ready",
    cwd: REPO_ROOT,
  });
  console.log(
    `Webhook delivery: ${N} backlog, ${RATE}/s for ${benchConfig().duration} s, ${N} burst; CPU busy before start ${await cpuBusyPercent(1000)} %`,
  );
  const results: EngineResult[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "idv-bench-webhooks-"));
  if (ENGINES.includes("pglite"))
    try {
      const pglite = await openDatabase({ kind: "pglite", dataDir: dir });
      try {
        results.push(await benchEngine("PGlite", pglite, receiver));
      } finally {
        await pglite.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  const onPostgres = ENGINES.includes("postgres") && (await withPostgres((database) => benchEngine("PostgreSQL", database, receiver)));
  if (onPostgres) results.push(onPostgres);

  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(
    `\nnode ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    ["engine", "backlog/s", "steady offered/s", "steady p50", "steady p99", "steady max", "burst/s", "burst p99", "bad signatures"].join(
      "  |  ",
    ),
  );
  for (const r of results) {
    console.log(
      [
        r.engine,
        Math.round(r.backlogPerSec),
        `${r.steady.offered} (${Math.round(r.steady.achieved)} delivered/s)`,
        ms(r.steady.p50),
        ms(r.steady.p99),
        ms(r.steady.max),
        Math.round(r.burst.perSec),
        ms(r.burst.p99),
        r.invalid,
      ].join("  |  "),
    );
  }
  const missed = results.filter((r) => r.backlogPerSec < 500 || r.steady.p99 >= 1000 || r.invalid > 0);
  console.log(
    missed.length
      ? `\nGoal missed (≥ 500/s, p99 < 1 s) on: ${missed.map((r) => r.engine).join(", ")}`
      : "\nGoals met: ≥ 500 deliveries/s and p99 commit → delivery < 1 s on every engine.",
  );
  return missed.length ? 1 : 0;
}
