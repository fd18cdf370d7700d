// Shared helpers for the HTTP benchmarks in tests/bench (run with `npx tsx tests/bench/<name>.ts`).
//
// Model: the load generator (autocannon) runs in the bench process; every server under test runs
// in its own child process (its own event loop, so on a 2-core machine it gets a core of its own),
// and only one server is measured at a time. Children are started in their own process group and
// are always stopped: by `stop()`, by `stopAll()` (called by `runBench`), on SIGINT/SIGTERM, and as
// a last resort with SIGKILL when the bench process exits.
//
//   const bare = await startBareServer({ routes: [{ path: "/api/v1/health", body: "{}" }] });
//   const real = await startServer();                 // production server on a fresh DATA_DIR
//   const row = await measure("real", { url: `${real.url}/api/v1/health` });
//   printReport([row, ...], "bare");
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

export interface BenchConfig {
  /** Measured seconds per target (BENCH_DURATION, default 10). */
  duration: number;
  /** Concurrent connections (BENCH_CONNECTIONS, default 50). */
  connections: number;
  /** Warm-up seconds per target, discarded (BENCH_WARMUP, default 2; 0 skips it). */
  warmup: number;
  /** HTTP pipelining factor (BENCH_PIPELINING, default 1 = none). */
  pipelining: number;
}

function envNumber(name: string, fallback: number, { integer = false, min = 0 } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${integer ? "an integer" : "a number"} >= ${min} (got "${raw}")`);
  }
  return value;
}

export function benchConfig(): BenchConfig {
  return {
    duration: envNumber("BENCH_DURATION", 10, { min: 1 }),
    connections: envNumber("BENCH_CONNECTIONS", 50, { integer: true, min: 1 }),
    warmup: envNumber("BENCH_WARMUP", 2, { min: 0 }),
    pipelining: envNumber("BENCH_PIPELINING", 1, { integer: true, min: 1 }),
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------

export interface ServerHandle {
  name: string;
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:40123 */
  url: string;
  port: number;
  /** Process id of the spawned process (also its process-group id). */
  pid: number;
  /** The fresh data folder of a real server (removed by stop()); undefined for other servers. */
  dataDir?: string;
  /** The last lines the process wrote (stdout and stderr interleaved). */
  output(): string;
  /** Stops the whole process group (SIGTERM, then SIGKILL after a grace period) and cleans up. Idempotent. */
  stop(): Promise<void>;
}

interface Tracked {
  handle: ServerHandle;
  child: ChildProcess;
  cleanupSync: () => void;
}

const running = new Set<Tracked>();
let signalHandlersInstalled = false;

function installSignalHandlers() {
  if (signalHandlersInstalled) return;
  signalHandlersInstalled = true;
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the servers started by this benchmark…`);
    void stopAll().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  // Last resort (uncaught error, process.exit elsewhere): nothing async runs here any more.
  process.once("exit", () => {
    for (const t of running) {
      killGroup(t.child.pid, "SIGKILL");
      t.cleanupSync();
    }
  });
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is gone
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port that was free a moment ago (bound to 127.0.0.1 with port 0, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface StartProcessOptions {
  name: string;
  command: string;
  args: string[];
  /** The complete environment of the child (not merged with process.env here). */
  env: NodeJS.ProcessEnv;
  port: number;
  /** Path polled with GET until it answers `readyStatus` (default 200). */
  readyPath: string;
  readyStatus?: number;
  /** Give up after this long (default 120 s). */
  readyTimeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL in stop() (default 15 s). */
  stopTimeoutMs?: number;
  dataDir?: string;
  /** Run after the process group is gone (also synchronously on exit). */
  cleanupSync?: () => void;
  cwd?: string;
}

/**
 * Spawns a server in its own process group, keeps the tail of its output, and resolves once
 * GET readyPath answers readyStatus. Rejects (after stopping it) if it exits or times out first.
 */
export async function startProcess(opts: StartProcessOptions): Promise<ServerHandle> {
  installSignalHandlers();
  const url = `http://127.0.0.1:${opts.port}`;
  const child = spawn(opts.command, opts.args, {
    cwd: opts.cwd ?? REPO_ROOT,
    env: opts.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // own process group, so stop() reaches npx → tsx → node alike
  });
  if (!child.pid) {
    // spawn failure is reported asynchronously through 'error'
    const error = await new Promise<Error>((resolve) => child.once("error", resolve));
    throw new Error(`${opts.name}: could not spawn ${opts.command}: ${error.message}`);
  }
  const pid = child.pid;

  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) tail.push(line);
    if (tail.length > 200) tail.splice(0, tail.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );

  let cleanedUp = false;
  const cleanupSync = () => {
    if (cleanedUp) return;
    cleanedUp = true;
    opts.cleanupSync?.();
  };

  let stopping: Promise<void> | undefined;
  const handle: ServerHandle = {
    name: opts.name,
    url,
    port: opts.port,
    pid,
    dataDir: opts.dataDir,
    output: () => tail.join("\n"),
    stop: () =>
      (stopping ??= (async () => {
        const deadline = Date.now() + (opts.stopTimeoutMs ?? 15_000);
        if (killGroup(pid, "SIGTERM")) {
          while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
          if (groupAlive(pid)) {
            console.error(`${opts.name}: still running ${opts.stopTimeoutMs ?? 15_000} ms after SIGTERM, sending SIGKILL`);
            killGroup(pid, "SIGKILL");
            while (groupAlive(pid)) await sleep(50);
          }
        }
        await Promise.race([exitPromise, sleep(2_000)]);
        cleanupSync();
        running.delete(tracked);
      })()),
  };
  const tracked: Tracked = { handle, child, cleanupSync };
  running.add(tracked);

  // Readiness: poll until the expected status, the process dies, or the timeout.
  const readyStatus = opts.readyStatus ?? 200;
  const timeoutMs = opts.readyTimeoutMs ?? 120_000;
  const started = Date.now();
  let lastProblem = "no answer yet";
  while (true) {
    if (exited) {
      await handle.stop();
      throw new Error(
        `${opts.name} exited before it was ready (code ${exited.code}, signal ${exited.signal}). Its last output:\n${handle.output()}`,
      );
    }
    if (Date.now() - started > timeoutMs) {
      await handle.stop();
      throw new Error(`${opts.name} was not ready within ${timeoutMs / 1000} s (${lastProblem}). Its last output:\n${handle.output()}`);
    }
    try {
      const res = await fetch(url + opts.readyPath, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === readyStatus) break;
      lastProblem = `GET ${opts.readyPath} answered ${res.status}`;
    } catch (error) {
      lastProblem = `GET ${opts.readyPath}: ${(error as Error).cause ?? (error as Error).message}`;
    }
    await sleep(250);
  }
  return handle;
}

/** Stops every server this process started and is still running. */
export async function stopAll(): Promise<void> {
  await Promise.allSettled([...running].map((t) => t.handle.stop()));
}

// Variables the app reads (lib/config.ts): never inherited from the caller's shell, so a stray
// DATABASE_URL or PORT cannot silently change what is measured. Pass them in `env` instead.
const APP_ENV_VARS = [
  "NODE_ENV",
  "PORT",
  "HOST",
  "PUBLIC_BASE_URL",
  "DATABASE_URL",
  "DATA_DIR",
  "DB_POOL_SIZE",
  "SEED_DEMO",
  "TOKEN_TTL_SECONDS",
  "WEBHOOK_ALLOW_LOOPBACK",
  "LOG_LEVEL",
];

function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of APP_ENV_VARS) delete env[name];
  return env;
}

export interface StartServerOptions {
  name?: string;
  /**
   * Extra environment for the server, applied last (e.g. DATABASE_URL for PostgreSQL, SEED_DEMO).
   * Defaults: NODE_ENV=production, PORT=<free>, HOST=127.0.0.1, DATA_DIR=<fresh temp dir>,
   * NEXT_TELEMETRY_DISABLED=1, LOG_LEVEL=warn.
   */
  env?: Record<string, string>;
  readyPath?: string;
  readyTimeoutMs?: number;
}

/**
 * The real server (`npx tsx server.ts`, production mode) on a free port with a fresh DATA_DIR
 * (the server locks its data folder, one process per folder). Needs a prior `next build`: call
 * ensureBuild() first. The data folder is removed when the server stops.
 */
export async function startServer(opts: StartServerOptions = {}): Promise<ServerHandle> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "idv-bench-data-"));
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  try {
    return await startProcess({
      name: opts.name ?? "real",
      command: "npx",
      args: ["tsx", "server.ts"],
      env,
      port,
      readyPath: opts.readyPath ?? "/api/v1/health",
      readyTimeoutMs: opts.readyTimeoutMs ?? 120_000,
      dataDir,
      cleanupSync: () => rmSync(dataDir, { recursive: true, force: true }),
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export interface BareRoute {
  method?: string; // default GET
  path: string; // exact match on the path, query string ignored
  status?: number; // default 200
  headers?: Record<string, string>; // default content-type: application/json
  body: string;
}

// The bare server: node:http and nothing else. Reads the request body (if any) before answering
// with a fixed response; unknown routes get 404. Same keepAliveTimeout as server.ts.
const BARE_SERVER_SOURCE = `
const http = require("node:http");
const routes = new Map();
for (const r of JSON.parse(process.env.BENCH_BARE_ROUTES)) {
  const body = Buffer.from(r.body, "utf8");
  const headers = { "content-type": "application/json", ...r.headers, "content-length": String(body.length) };
  routes.set((r.method || "GET").toUpperCase() + " " + r.path, { status: r.status || 200, headers, body });
}
const server = http.createServer((req, res) => {
  const q = req.url.indexOf("?");
  const route = routes.get(req.method + " " + (q === -1 ? req.url : req.url.slice(0, q)));
  const answer = () => {
    if (!route) { res.writeHead(404, { "content-type": "application/json" }); res.end('{"error":"not found"}'); return; }
    res.writeHead(route.status, route.headers);
    res.end(route.body);
  };
  if (req.method === "GET" || req.method === "HEAD") answer();
  else { req.on("data", () => {}); req.on("end", answer); }
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => { server.close(); server.closeAllConnections(); process.exit(0); });
process.on("SIGINT", () => process.exit(0));
`;

export interface StartBareServerOptions {
  name?: string;
  routes: BareRoute[];
  /** Path polled until 200 (default: the first GET route's path). */
  readyPath?: string;
}

/** A bare node:http server in a child process (plain `node`, NODE_ENV=production) answering fixed routes. */
export async function startBareServer(opts: StartBareServerOptions): Promise<ServerHandle> {
  const port = await freePort();
  const readyPath = opts.readyPath ?? opts.routes.find((r) => (r.method ?? "GET").toUpperCase() === "GET")?.path;
  if (!readyPath) throw new Error("startBareServer: give readyPath or at least one GET route");
  return startProcess({
    name: opts.name ?? "bare",
    command: process.execPath,
    args: ["-e", BARE_SERVER_SOURCE],
    env: { ...baseEnv(), NODE_ENV: "production", PORT: String(port), BENCH_BARE_ROUTES: JSON.stringify(opts.routes) },
    port,
    readyPath,
    readyTimeoutMs: 15_000,
    stopTimeoutMs: 5_000,
  });
}

/**
 * Makes sure a production build exists (.next/BUILD_ID); runs `npx next build` if not.
 * If the build fails (e.g. another `next build` holds the build lock), waits and retries; a
 * BUILD_ID that appears meanwhile (someone else's build finished) is accepted.
 * Returns whether this call built.
 */
export async function ensureBuild({ attempts = 4, waitMs = 30_000 } = {}): Promise<boolean> {
  const buildId = path.join(REPO_ROOT, ".next", "BUILD_ID");
  if (existsSync(buildId)) return false;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    console.log(`.next/BUILD_ID not found: running \`npx next build\` (attempt ${attempt}/${attempts}, ~60 s)…`);
    const started = Date.now();
    const result = spawnSync("npx", ["next", "build"], {
      cwd: REPO_ROOT,
      env: { ...baseEnv(), NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status === 0 && existsSync(buildId)) {
      console.log(`next build finished in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
      return true;
    }
    const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim();
    console.error(`next build failed (exit ${result.status ?? result.signal}). Last lines:\n${output.split("\n").slice(-25).join("\n")}`);
    if (attempt === attempts) break;
    console.error(`Waiting ${waitMs / 1000} s before retrying (another build may be running)…`);
    await sleep(waitMs);
    if (existsSync(buildId)) {
      console.log("A build appeared meanwhile (.next/BUILD_ID exists); using it.");
      return false;
    }
  }
  throw new Error("`next build` did not succeed; the production server cannot start without it.");
}

// ---------------------------------------------------------------------------------------------
// Load generation
// ---------------------------------------------------------------------------------------------

// autocannon ships no types and @types/autocannon is not installed: the part used here, typed.
interface AutocannonOptions {
  url: string;
  connections?: number;
  duration?: number;
  pipelining?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  expectBody?: string;
  timeout?: number;
}
interface AutocannonResult {
  requests: { average: number; total: number; sent: number };
  latency: { average: number; p50: number; p90: number; p99: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  mismatches: number;
  non2xx: number;
  resets: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: AutocannonOptions) => Promise<AutocannonResult>;

export interface MeasureOptions {
  /** Full URL of the request, e.g. `${server.url}/api/v1/health`. */
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Each response body must equal this; a difference counts as a failure ("mismatches"). */
  expectBody?: string;
  /** Overrides of benchConfig() (duration, connections, warmup, pipelining). */
  config?: Partial<BenchConfig>;
}

export interface Row {
  name: string;
  url: string;
  /** Mean of autocannon's per-second samples. */
  reqPerSec: number;
  totalRequests: number;
  /** Latencies in ms (autocannon's histogram has 1 ms resolution). */
  latencyP50: number;
  latencyP99: number;
  latencyAvg: number;
  latencyMax: number;
  non2xx: number;
  /** Connection errors, including timeouts. */
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  /** Failures seen during the (discarded) warm-up. */
  warmupFailures: number;
  duration: number;
  connections: number;
  pipelining: number;
}

/** Failures a row counts: non-2xx, errors (incl. timeouts), body mismatches, warm-up failures. */
export function failures(row: Row): number {
  return row.non2xx + row.errors + row.mismatches + row.warmupFailures;
}

/** Warm-up (discarded) then a measured autocannon run against one URL. */
export async function measure(name: string, opts: MeasureOptions): Promise<Row> {
  const cfg = { ...benchConfig(), ...opts.config };
  const base: AutocannonOptions = {
    url: opts.url,
    connections: cfg.connections,
    pipelining: cfg.pipelining,
    method: opts.method,
    headers: opts.headers,
    body: opts.body,
    expectBody: opts.expectBody,
  };
  let warmupFailures = 0;
  if (cfg.warmup > 0) {
    process.stdout.write(`  ${name}: warm-up ${cfg.warmup} s… `);
    const w = await autocannon({ ...base, duration: cfg.warmup });
    warmupFailures = w.non2xx + w.errors + w.mismatches;
  }
  process.stdout.write(`measuring ${cfg.duration} s × ${cfg.connections} connections… `);
  const r = await autocannon({ ...base, duration: cfg.duration });
  const row: Row = {
    name,
    url: opts.url,
    reqPerSec: r.requests.average,
    totalRequests: r.requests.total,
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    latencyAvg: r.latency.average,
    latencyMax: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    mismatches: r.mismatches,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    warmupFailures,
    duration: cfg.duration,
    connections: cfg.connections,
    pipelining: cfg.pipelining,
  };
  console.log(`${Math.round(row.reqPerSec)} req/s, p99 ${row.latencyP99} ms${failures(row) ? `, ${failures(row)} FAILURES` : ""}`);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

export interface Comparison {
  name: string;
  /** row req/s ÷ baseline req/s (higher is better). */
  reqPerSecRatio: number | null;
  /** row p99 ÷ baseline p99 (lower is better). */
  p99Ratio: number | null;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
const fmtRatio = (r: number | null) => (r === null ? "n/a" : `${r.toFixed(2)}×`);

/** Prints the table (one row per target, ratios against `baselineName`) and returns the ratios. */
export function printReport(rows: Row[], baselineName?: string): Comparison[] {
  const baseline = baselineName ? rows.find((r) => r.name === baselineName) : undefined;
  if (baselineName && !baseline) throw new Error(`printReport: no row named "${baselineName}"`);
  const comparisons = rows.map((r) => ({
    name: r.name,
    reqPerSecRatio: baseline ? ratio(r.reqPerSec, baseline.reqPerSec) : null,
    p99Ratio: baseline ? ratio(r.latencyP99, baseline.latencyP99) : null,
  }));
  const header = ["target", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "mismatch"];
  if (baseline) header.push(`req/s vs ${baseline.name}`, `p99 vs ${baseline.name}`);
  const body = rows.map((r, i) => {
    const cells = [
      r.name,
      Math.round(r.reqPerSec).toLocaleString("en-US"),
      String(r.latencyP50),
      String(r.latencyP99),
      r.totalRequests.toLocaleString("en-US"),
      String(r.non2xx),
      String(r.errors + r.warmupFailures) + (r.timeouts ? ` (${r.timeouts} timeouts)` : ""),
      String(r.mismatches),
    ];
    if (baseline) cells.push(fmtRatio(comparisons[i]!.reqPerSecRatio), fmtRatio(comparisons[i]!.p99Ratio));
    return cells;
  });
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((cells) => cells[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ");
  const first = rows[0];
  console.log("");
  if (first) {
    console.log(
      `${first.duration} s per target after warm-up, ${first.connections} connections, pipelining ${first.pipelining}; ` +
        `node ${process.version}, ${os.cpus().length} CPUs; latencies have 1 ms resolution.`,
    );
  }
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const cells of body) console.log(line(cells));
  console.log("");
  return comparisons;
}

/**
 * Runs a benchmark's main function: always stops the servers it started, prints an error
 * without a stack trace noise for expected failures, and sets the exit code (1 on error).
 */
export async function runBench(main: () => Promise<number | void>): Promise<void> {
  installSignalHandlers();
  let code = 0;
  try {
    code = (await main()) ?? 0;
  } catch (error) {
    console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    code = 1;
  } finally {
    await stopAll();
  }
  process.exitCode = code;
}
