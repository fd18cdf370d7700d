// Shared helpers for the HTTP benchmarks in tests/bench (run with `npx tsx tests/bench/<name>.ts`).
//
// Model: the load generator (autocannon) runs in the bench process; every server under test runs
// in its own child process (its own event loop, so on a 2-core machine it gets a core of its own),
// and only one server is measured at a time. Servers are always stopped, with their whole process
// group, and their data folders removed: by `stop()`, by `stopAll()` (called by `runBench`), on
// SIGINT/SIGTERM, and by their supervisor process if the benchmark process dies.
//
//   await runBench(async () => {
//     await ensureBuild();                              // `next build` if .next/BUILD_ID is missing
//     const bare = await startBareServer({ routes: [{ path: "/api/v1/health", body: "{}" }] });
//     const real = await startServer({ env: { DATABASE_URL: "postgres://…" } }); // fresh DATA_DIR
//     const rows = await measureAlternating([
//       { name: "bare", opts: { url: `${bare.url}/api/v1/health` } },
//       { name: "real", opts: { url: `${real.url}/api/v1/health`, headers: { authorization: "Bearer …" } } },
//     ]);                                               // or measure(name, opts) for a single run
//     printReport(rows, "bare");                        // returns the ratios against "bare"
//     return rows.some((r) => failures(r) > 0) ? 1 : 0; // servers are stopped by runBench
//   });
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/**
 * The app whose server.ts is benchmarked: this checkout, or BENCH_APP_DIR (another checkout of
 * the project, e.g. a previous commit extracted with `git archive`, with node_modules available).
 */
export const APP_DIR = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : REPO_ROOT;

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
  /**
   * Measured runs per target, alternating between targets (BENCH_ROUNDS, default 1). With more,
   * each target's reported row is its median round by req/s, which resists a neighbour's load.
   */
  rounds: number;
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
    rounds: envNumber("BENCH_ROUNDS", 1, { integer: true, min: 1 }),
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------
//
// Each server runs under a small supervisor (plain `node`, see SUPERVISOR_SOURCE) connected to
// this process by an IPC channel. The supervisor starts the server in a process group of its own
// and, when asked to stop *or when the channel closes because this process died* (even by
// SIGKILL, which tsx's signal relay resorts to when a busy child answers a signal late), it sends
// SIGTERM to the whole group (npx → tsx → node), waits for every member to be gone, SIGKILLs
// stragglers, removes the server's data folder and exits. So nothing outlives the benchmark.

export interface ServerHandle {
  name: string;
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:40123 */
  url: string;
  port: number;
  /** Process id of the server's process-group leader (e.g. the `npx` process). */
  pid: number;
  /** The fresh data folder of a real server (removed on stop); undefined for other servers. */
  dataDir?: string;
  /** The last lines the server wrote (stdout and stderr interleaved). */
  output(): string;
  /** Stops the server's whole process group (SIGTERM, then SIGKILL after a grace period) and cleans up. Idempotent. */
  stop(): Promise<void>;
}

const SUPERVISOR_SOURCE = `
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const spec = JSON.parse(process.env.BENCH_SUPERVISOR);
delete process.env.BENCH_SUPERVISOR;
const send = (m) => { try { if (process.connected) process.send(m); } catch {} };
const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: process.env, stdio: ["ignore", "inherit", "inherit"], detached: true });
child.on("error", (e) => { send({ type: "error", message: e.message }); finish(1); });
if (child.pid) send({ type: "pid", pid: child.pid });
let childExit = null;
child.on("exit", (code, signal) => { childExit = code ?? 1; send({ type: "exit", code, signal }); stop(); });
const alive = () => { try { process.kill(-child.pid, 0); return true; } catch { return false; } };
const kill = (sig) => { try { process.kill(-child.pid, sig); } catch {} };
let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  if (!child.pid) return finish(1);
  kill("SIGTERM");
  const killAt = Date.now() + spec.stopTimeoutMs, giveUpAt = killAt + 5000;
  let killed = false;
  const tick = () => {
    if (!alive()) return finish(childExit ?? 0);
    if (!killed && Date.now() > killAt) { killed = true; kill("SIGKILL"); }
    if (Date.now() > giveUpAt) return finish(1);
    setTimeout(tick, 50);
  };
  tick();
}
function finish(code) {
  if (spec.removeDir) { try { fs.rmSync(spec.removeDir, { recursive: true, force: true }); } catch {} }
  process.exit(code);
}
process.on("message", (m) => { if (m && m.type === "stop") stop(); });
process.on("disconnect", stop); // the benchmark process is gone
process.on("SIGTERM", stop);
process.on("SIGHUP", stop);
process.on("SIGINT", () => {}); // the benchmark decides
`;

const running = new Set<ServerHandle>();
let signalHandlersInstalled = false;

function installSignalHandlers() {
  if (signalHandlersInstalled) return;
  signalHandlersInstalled = true;
  let stopping = false;
  // process.on, not once: tsx relays a signal again when we acknowledge it late, and a child of
  // tsx without a listener would exit on the spot, skipping the graceful stop.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the servers started by this benchmark…`);
    void stopAll().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
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
  /** The complete environment of the server (not merged with process.env here). */
  env: NodeJS.ProcessEnv;
  port: number;
  /** Path polled with GET until it answers `readyStatus` (default 200). */
  readyPath: string;
  readyStatus?: number;
  /** Give up after this long (default 120 s). */
  readyTimeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL when stopping (default 15 s). */
  stopTimeoutMs?: number;
  /** A folder of the server's, removed once the server's process group is gone. */
  dataDir?: string;
  cwd?: string;
}

/**
 * Starts a server (under a supervisor, in its own process group), keeps the tail of its output,
 * and resolves once GET readyPath answers readyStatus. Rejects, after stopping it, if the server
 * exits or is not ready in time.
 */
/**
 * The load generator off the cores it measures (issue 14): on a machine with two or more cores and
 * `taskset`, every measured server (the real one and the bare one alike, with all their threads and
 * children) runs on core 0 and this process, which drives autocannon, on the others. A database
 * server the real one talks to is not pinned. BENCH_PIN=0 turns it off.
 */
let pinned: { server: string; load: string } | null | undefined;
export function pinning(): { server: string; load: string } | null {
  if (pinned !== undefined) return pinned;
  const cores = os.cpus().length;
  pinned = null;
  if (process.env.BENCH_PIN === "0" || cores < 2 || process.platform !== "linux") return pinned;
  const load = cores === 2 ? "1" : `1-${cores - 1}`;
  try {
    // Only benches that start servers get here: the others keep every core.
    execFileSync("taskset", ["-apc", load, String(process.pid)], { stdio: "ignore" });
    pinned = { server: "0", load };
  } catch {
    // no taskset on this machine
  }
  return pinned;
}

/**
 * The embedded database keeps speeding up for ~15 s of load (its WASM and the JS around it warm
 * up: ~90 -> ~390 req/s on sandbox risk), so a real server on PGlite is warmed up this long before
 * it is measured: the figure is its steady state, not its start (BENCH_PGLITE_WARMUP, seconds).
 */
export const PGLITE_WARMUP_S = envNumber("BENCH_PGLITE_WARMUP", 12, { min: 0 });

/** One line for a report: where servers and load ran, and the machine's load average. */
export function machineNote(): string {
  const [one, five] = os.loadavg();
  const pin = pinned ? `servers pinned to core ${pinned.server}, load generator on ${pinned.load}` : "no core pinning";
  return `${os.cpus().length} cores, ${pin}; load average ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min)`;
}

export async function startProcess(opts: StartProcessOptions): Promise<ServerHandle> {
  installSignalHandlers();
  const url = `http://127.0.0.1:${opts.port}`;
  const stopTimeoutMs = opts.stopTimeoutMs ?? 15_000;
  const pin = pinning();
  const [command, args] = pin ? ["taskset", ["-c", pin.server, opts.command, ...opts.args]] : [opts.command, opts.args];
  const spec = { command, args, cwd: opts.cwd ?? APP_DIR, stopTimeoutMs, removeDir: opts.dataDir };
  const supervisor = spawn(process.execPath, ["-e", SUPERVISOR_SOURCE], {
    env: { ...opts.env, BENCH_SUPERVISOR: JSON.stringify(spec) },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    detached: true, // the terminal's Ctrl-C reaches this process only; it stops the servers itself
  });

  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) tail.push(line);
    if (tail.length > 200) tail.splice(0, tail.length - 200);
  };
  supervisor.stdout?.on("data", keep);
  supervisor.stderr?.on("data", keep);

  let serverPid: number | undefined;
  let serverExit: string | undefined;
  let supervisorGone = false;
  const supervisorExit = new Promise<void>((resolve) =>
    supervisor.once("exit", () => {
      supervisorGone = true;
      resolve();
    }),
  );
  supervisor.on("error", (error) => (serverExit ??= `the supervisor could not start: ${error.message}`));
  supervisor.on("message", (m: { type: string; pid?: number; code?: number | null; signal?: string | null; message?: string }) => {
    if (m.type === "pid") serverPid = m.pid;
    if (m.type === "exit") serverExit = `exit code ${m.code}, signal ${m.signal}`;
    if (m.type === "error") serverExit = `could not spawn ${opts.command}: ${m.message}`;
  });

  let stopping: Promise<void> | undefined;
  const handle: ServerHandle = {
    name: opts.name,
    url,
    port: opts.port,
    get pid() {
      return serverPid ?? -1;
    },
    dataDir: opts.dataDir,
    output: () => tail.join("\n"),
    stop: () =>
      (stopping ??= (async () => {
        if (!supervisorGone) {
          if (supervisor.connected) supervisor.send({ type: "stop" });
          await Promise.race([supervisorExit, sleep(stopTimeoutMs + 10_000)]);
        }
        if (!supervisorGone) {
          // The supervisor is stuck: do its job from here.
          console.error(`${opts.name}: the supervisor did not finish stopping; killing the server's process group`);
          supervisor.kill("SIGKILL");
          if (serverPid) {
            try {
              process.kill(-serverPid, "SIGKILL");
            } catch {
              // already gone
            }
          }
          if (opts.dataDir) rmSync(opts.dataDir, { recursive: true, force: true });
        }
        running.delete(handle);
      })()),
  };
  running.add(handle);

  // Readiness: poll until the expected status, the server exits, or the timeout.
  const readyStatus = opts.readyStatus ?? 200;
  const timeoutMs = opts.readyTimeoutMs ?? 120_000;
  const started = Date.now();
  let lastProblem = "no answer yet";
  while (true) {
    if (serverExit || supervisorGone) {
      await handle.stop();
      throw new Error(`${opts.name} exited before it was ready (${serverExit ?? "supervisor gone"}). Its last output:\n${handle.output()}`);
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
  await Promise.allSettled([...running].map((h) => h.stop()));
}

// Variables the app reads (lib/config.ts): never inherited from the caller's shell or a .env file,
// so a stray DATABASE_URL or PORT cannot silently change what is measured. Pass them in `env`.
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
  // Empty, not deleted: the app treats "" as unset (its default), and the .env files the server
  // loads (@next/env) never override a variable that is present, so a local .env cannot either.
  for (const name of APP_ENV_VARS) env[name] = "";
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
 * A server in use has served pages (the console, the hosted flow) before and while the API is
 * called: the first page a Next render serves turns on its AsyncLocalStorage hooks in the process
 * that runs it, for good. A server measured before any page would be measured in a state no
 * deployment stays in (a one-process server's /health: 42 µs of CPU before its first page, 58 µs
 * after), so every bench asks for the sign-in page first.
 */
async function servePagesOnce(server: ServerHandle): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${server.url}/console/sign-in`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${server.name}: GET /console/sign-in answered ${res.status}, expected 200`);
  }
}

/**
 * The real server (`npx tsx server.ts`, production mode) on a free port with a fresh DATA_DIR
 * (the server locks its data folder, one process per folder). Needs a prior `next build`: call
 * ensureBuild() first. The data folder is removed when the server stops.
 */
export async function startServer(opts: StartServerOptions = {}): Promise<ServerHandle> {
  if (APP_DIR !== REPO_ROOT) console.log(`BENCH_APP_DIR is set: the real server runs from ${APP_DIR}, not this checkout`);
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
    // The limiter stays on the measured path (its cost is real), with a budget no bench reaches.
    RATE_LIMIT_API: "9999999/1m",
    ...opts.env,
  };
  try {
    const server = await startProcess({
      name: opts.name ?? "real",
      command: "npx",
      args: ["tsx", "server.ts"],
      env,
      port,
      readyPath: opts.readyPath ?? "/api/v1/health",
      readyTimeoutMs: opts.readyTimeoutMs ?? 120_000,
      dataDir,
    });
    await servePagesOnce(server).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    return server;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

// Lines Node writes for every response itself, on both servers alike.
const OWN_LINES = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/**
 * The header lines a real answer carried, for the bare server to send too: "the same bytes" is the
 * whole answer, and the API's standing headers (security headers, the request id) are ~250 bytes
 * that cost a bare server 10–25 % of its speed to write. The request id is the sampled one (the
 * same length as each real one).
 */
export function headerLinesOf(res: Response): Record<string, string> {
  const lines: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!OWN_LINES.has(name)) lines[name] = value;
  });
  return lines;
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
for (const r of JSON.parse(require("node:fs").readFileSync(process.env.BENCH_BARE_ROUTES_FILE, "utf8"))) {
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
  // The routes go in a file (removed with the server): many bodies do not fit in an environment variable.
  const dir = mkdtempSync(path.join(os.tmpdir(), "idv-bench-bare-"));
  const routesFile = path.join(dir, "routes.json");
  writeFileSync(routesFile, JSON.stringify(opts.routes));
  try {
    return await startProcess({
      name: opts.name ?? "bare",
      command: process.execPath,
      args: ["-e", BARE_SERVER_SOURCE],
      env: { ...baseEnv(), NODE_ENV: "production", PORT: String(port), BENCH_BARE_ROUTES_FILE: routesFile },
      port,
      readyPath,
      readyTimeoutMs: 15_000,
      stopTimeoutMs: 5_000,
      dataDir: dir,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Makes sure a production build exists (.next/BUILD_ID); runs `npx next build` if not.
 * If the build fails (e.g. another `next build` holds the build lock), waits and retries; a
 * BUILD_ID that appears meanwhile (someone else's build finished) is accepted.
 * Returns whether this call built.
 */
export async function ensureBuild({ attempts = 3, waitMs = 30_000 } = {}): Promise<boolean> {
  const buildId = path.join(APP_DIR, ".next", "BUILD_ID");
  if (existsSync(buildId)) return false;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    console.log(`.next/BUILD_ID not found: running \`npx next build\` (attempt ${attempt}/${attempts}, ~60 s)…`);
    const started = Date.now();
    // Async (not spawnSync), so this process still answers signals while the build runs.
    const result = await new Promise<{ status: number | null; output: string }>((resolve) => {
      const build = spawn("npx", ["next", "build"], {
        cwd: APP_DIR,
        env: { ...baseEnv(), NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-200_000));
      build.stdout.on("data", keep);
      build.stderr.on("data", keep);
      build.on("error", (error) => resolve({ status: null, output: `${output}\n${error.message}` }));
      build.on("close", (status) => resolve({ status, output }));
    });
    if (result.status === 0 && existsSync(buildId)) {
      console.log(`next build finished in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
      return true;
    }
    const lines = result.output
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("npm warn"))
      .map((l) => (l.length > 200 ? `${l.slice(0, 200)}…` : l));
    // Type errors in files being edited are common while someone works: keep the report short.
    console.error(`next build failed (exit ${result.status}). Last lines:\n  ${lines.slice(-8).join("\n  ")}`);
    if (attempt === attempts) break;
    console.error(`Waiting ${waitMs / 1000} s before retrying (another build may be running, or files may be mid-edit)…`);
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
  requests?: {
    setupRequest: (
      req: { body?: string | Buffer; path?: string },
      context: Record<string, unknown>,
    ) => { body?: string | Buffer; path?: string };
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }[];
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
  /** A new body for every request (e.g. a different person each time); replaces `body`. */
  nextBody?: () => string | Buffer;
  /** A new path for every request (e.g. rotating over stored cases); `url` gives the origin. */
  nextPath?: () => string;
  /** With nextPath: the body each path must answer; a difference counts as a mismatch. */
  expectBodies?: Record<string, string>;
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
  /** req/s of every measured round, in order (one entry unless measureAlternating ran several). */
  roundsReqPerSec: number[];
  /**
   * CPU time of the process listening on the URL's port (the real API process, or the bare
   * server) per request answered, in µs: steadier than req/s on a shared VM, whose speed swings.
   * A database server's own CPU is not in it. Undefined where /proc cannot tell.
   */
  cpuMicrosPerRequest?: number;
}

/** The process listening on a local TCP port, from Linux's /proc (null elsewhere, or when not found). */
function listenerPid(port: number): number | null {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[1]!.endsWith(suffix) && cols[3] === "0A" /* LISTEN */) inodes.add(cols[9]!);
    }
  }
  if (inodes.size === 0) return null;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      } catch {
        // gone meanwhile
      }
    }
  }
  return null;
}

let clockTicks: number | undefined;
/** User and system CPU of a process so far, in seconds; null when /proc cannot tell. */
function cpuSeconds(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // from field 3 (state) on
    return (Number(fields[11]) + Number(fields[12])) / clockTicks; // utime, stime: fields 14 and 15
  } catch {
    return null;
  }
}

/** Failures a row counts: non-2xx, errors (incl. timeouts), body mismatches, warm-up failures. */
export function failures(row: Row): number {
  return row.non2xx + row.errors + row.mismatches + row.warmupFailures;
}

/** Warm-up (discarded) then a measured autocannon run against one URL. */
export async function measure(name: string, opts: MeasureOptions): Promise<Row> {
  const cfg = { ...benchConfig(), ...opts.config };
  const base: AutocannonOptions = { url: opts.url, connections: cfg.connections, pipelining: cfg.pipelining };
  // Only options that are set: autocannon treats an explicit `undefined` as a value.
  if (opts.method !== undefined) base.method = opts.method;
  if (opts.headers !== undefined) base.headers = opts.headers;
  if (opts.body !== undefined) base.body = opts.body;
  if (opts.expectBody !== undefined) base.expectBody = opts.expectBody;
  const { nextBody, nextPath, expectBodies } = opts;
  let pathMismatches = 0;
  if (nextBody || nextPath) {
    base.requests = [
      {
        setupRequest: (req, context) => {
          const next = { ...req };
          if (nextBody) next.body = nextBody();
          if (nextPath) next.path = context.path = nextPath();
          return next;
        },
        // One request in flight per connection (pipelining 1), so the connection's context knows the path.
        ...(expectBodies && {
          onResponse: (_status: number, body: string, context: Record<string, unknown>) =>
            void (body !== expectBodies[context.path as string] && pathMismatches++),
        }),
      },
    ];
  }
  let warmupFailures = 0;
  process.stdout.write(`  ${name}: `);
  if (cfg.warmup > 0) {
    process.stdout.write(`warm-up ${cfg.warmup} s… `);
    const w = await autocannon({ ...base, duration: cfg.warmup });
    warmupFailures = w.non2xx + w.errors + w.mismatches + pathMismatches;
    pathMismatches = 0;
  }
  process.stdout.write(`measuring ${cfg.duration} s × ${cfg.connections} connections… `);
  const serverPid = listenerPid(Number(new URL(opts.url).port));
  const cpuBefore = cpuSeconds(serverPid);
  const r = await autocannon({ ...base, duration: cfg.duration });
  const cpuAfter = cpuSeconds(serverPid);
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
    mismatches: r.mismatches + pathMismatches,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    warmupFailures,
    duration: cfg.duration,
    connections: cfg.connections,
    pipelining: cfg.pipelining,
    roundsReqPerSec: [r.requests.average],
  };
  if (cpuBefore !== null && cpuAfter !== null && r.requests.total > 0)
    row.cpuMicrosPerRequest = ((cpuAfter - cpuBefore) * 1e6) / r.requests.total;
  const cpu = row.cpuMicrosPerRequest === undefined ? "" : `, ${row.cpuMicrosPerRequest.toFixed(0)} µs of server CPU per request`;
  console.log(`${Math.round(row.reqPerSec)} req/s, p99 ${row.latencyP99} ms${cpu}${failures(row) ? `, ${failures(row)} FAILURES` : ""}`);
  return row;
}

export interface Target {
  name: string;
  opts: MeasureOptions;
}

/**
 * Measures several targets (servers already running) in `rounds` alternating rounds: A B, B A,
 * A B… The warm-up runs once per target, before its first round. Each target's row is its median
 * round by req/s; failures (non-2xx, errors, mismatches) are summed over all rounds.
 */
export async function measureAlternating(targets: Target[], config: Partial<BenchConfig> = {}): Promise<Row[]> {
  const cfg = { ...benchConfig(), ...config };
  const runs = new Map<string, Row[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < cfg.rounds; round++) {
    if (cfg.rounds > 1) console.log(`round ${round + 1}/${cfg.rounds}`);
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) {
      const row = await measure(t.name, { ...t.opts, config: { ...cfg, ...t.opts.config, ...(round > 0 ? { warmup: 0 } : {}) } });
      runs.get(t.name)!.push(row);
    }
  }
  return targets.map((t) => {
    const rows = runs.get(t.name)!;
    const median = [...rows].sort((a, b) => a.reqPerSec - b.reqPerSec)[Math.floor((rows.length - 1) / 2)]!;
    return {
      ...median,
      non2xx: rows.reduce((n, r) => n + r.non2xx, 0),
      errors: rows.reduce((n, r) => n + r.errors, 0),
      timeouts: rows.reduce((n, r) => n + r.timeouts, 0),
      mismatches: rows.reduce((n, r) => n + r.mismatches, 0),
      warmupFailures: rows.reduce((n, r) => n + r.warmupFailures, 0),
      statusCodes: rows.reduce<Record<string, number>>((acc, r) => {
        for (const [code, n] of Object.entries(r.statusCodes)) acc[code] = (acc[code] ?? 0) + n;
        return acc;
      }, {}),
      roundsReqPerSec: rows.map((r) => r.reqPerSec),
    };
  });
}

/**
 * Share (0–100) of the machine's CPU time that was busy over `ms` milliseconds. Call it while the
 * benchmark's own servers are idle to see how much other processes compete for the CPUs. With
 * `tries` > 1 it samples again (up to that many times) while the share is above `quietBelow`,
 * e.g. to let a server that has just started settle, and returns the last sample.
 */
export async function cpuBusyPercent(ms = 1_000, { tries = 1, quietBelow = 20 } = {}): Promise<number> {
  let busy = await cpuBusySample(ms);
  for (let i = 1; i < tries && busy >= quietBelow; i++) busy = await cpuBusySample(ms);
  return busy;
}

async function cpuBusySample(ms: number): Promise<number> {
  const total = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const t = cpu.times;
        acc.busy += t.user + t.nice + t.sys + t.irq;
        acc.all += t.user + t.nice + t.sys + t.irq + t.idle;
        return acc;
      },
      { busy: 0, all: 0 },
    );
  const before = total();
  await sleep(ms);
  const after = total();
  const all = after.all - before.all;
  return all > 0 ? Math.round((100 * (after.busy - before.busy)) / all) : 0;
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
  const header = ["target", "req/s", "server CPU µs/req", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "mismatch"];
  if (baseline) header.push(`req/s vs ${baseline.name}`, `p99 vs ${baseline.name}`);
  const body = rows.map((r, i) => {
    const cells = [
      r.name,
      Math.round(r.reqPerSec).toLocaleString("en-US"),
      r.cpuMicrosPerRequest === undefined ? "–" : r.cpuMicrosPerRequest.toFixed(0),
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
      `${first.duration} s per target${first.roundsReqPerSec.length > 1 ? ` and round (${first.roundsReqPerSec.length} rounds)` : ""} after warm-up, ${first.connections} connections, pipelining ${first.pipelining}; ` +
        `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}; ` +
        "latencies have 1 ms resolution.",
    );
  }
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const cells of body) console.log(line(cells));
  for (const r of rows) {
    if (r.roundsReqPerSec.length > 1) {
      console.log(
        `  ${r.name}: req/s per round ${r.roundsReqPerSec.map((v) => Math.round(v)).join(", ")} (the table shows the median round)`,
      );
    }
  }
  console.log("");
  return comparisons;
}

/**
 * Runs a benchmark's main function (which returns its exit code): always stops the servers it
 * started, prints a thrown error's message, and sets the exit code (1 on error).
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

// ---------------------------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------------------------

export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A fresh, empty database on BENCH_PG_URL's server for one benchmark run, or null (with a note)
 * when that server is not reachable. drop() waits for the database's connections to close first.
 */
export async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL at ${BENCH_PG_URL} is not reachable (${(error as Error).message}): the PostgreSQL run is left out.`);
    return null;
  }
  const name = `idv_bench_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // pool.end() resolves before its sockets are closed: a forced drop would hit them mid-close.
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A seeded generator (mulberry32): the same data on every run of a bench; `pick` draws from a list. */
export function seededRandom(seed: number): { random: () => number; pick: <T>(items: readonly T[]) => T } {
  let state = seed | 0;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { random, pick: (items) => items[Math.floor(random() * items.length)]! };
}
