// GET /api/v1/health: the real server (custom server.ts → Hono, production mode) against a bare
// node:http server answering the same bytes. Both run in child processes and are measured one at
// a time (the other one idles); the load generator (autocannon) runs here.
//
//   npx tsx tests/bench/health.ts
//   BENCH_DURATION=5 BENCH_CONNECTIONS=50 BENCH_WARMUP=2 BENCH_ROUNDS=3 npx tsx tests/bench/health.ts
//
// BENCH_ROUNDS > 1 alternates the targets (bare real, real bare, …) and reports each one's median
// round: use it when other processes share the machine. BENCH_APP_DIR runs another checkout's server.
//
// Exit code 1 if any request failed (non-2xx, connection error/timeout, unexpected body) or a
// server could not start; missing the throughput goal is reported, not a failure.
// The last line of stdout is a JSON summary.
import os from "node:os";
import { APP_VERSION } from "../../lib/version";
import {
  benchConfig,
  cpuBusyPercent,
  ensureBuild,
  failures,
  headerLinesOf,
  measureAlternating,
  printReport,
  runBench,
  startBareServer,
  startServer,
  type ServerHandle,
} from "./lib";

const PATH = "/api/v1/health";
const BODY = JSON.stringify({ status: "ok", version: APP_VERSION }); // what the Hono route answers
const GOAL_REQ_PER_SEC_RATIO = 0.6;

/** One request before measuring: both targets must answer the same status, content type and body. */
async function checkResponse(server: ServerHandle): Promise<void> {
  const res = await fetch(server.url + PATH);
  const body = await res.text();
  const type = res.headers.get("content-type") ?? "";
  if (res.status !== 200 || !type.startsWith("application/json") || body !== BODY) {
    throw new Error(`${server.name}: GET ${PATH} answered ${res.status} (${type}) ${body}; expected 200 (application/json) ${BODY}`);
  }
}

await runBench(async () => {
  const config = benchConfig();
  const built = await ensureBuild();

  console.log(`GET ${PATH}: bare node:http vs the real server (each in its own child process, measured one after the other)`);

  const startedAt = Date.now();
  const real = await startServer({ name: "real" });
  console.log(
    `real server ready on ${real.url} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s (pid ${real.pid}, DATA_DIR ${real.dataDir})`,
  );
  const headers = headerLinesOf(await fetch(real.url + PATH));
  const bare = await startBareServer({ name: "bare", routes: [{ path: PATH, body: BODY, headers }] });
  console.log(`bare node:http server ready on ${bare.url} (pid ${bare.pid}), answering the real server's header lines too`);
  await checkResponse(bare);
  await checkResponse(real);

  // Both servers idle: whatever keeps the CPUs busy now is someone else's and skews the figures
  // (a few tries, so the real server's start-up tail is not counted).
  const busyBefore = await cpuBusyPercent(1_000, { tries: 5 });
  const rows = await measureAlternating(
    [bare, real].map((server) => ({ name: server.name, opts: { url: server.url + PATH, expectBody: BODY } })),
    config,
  );
  const busyAfter = await cpuBusyPercent();
  await real.stop();
  await bare.stop();

  const [, realVsBare] = printReport(rows, "bare");
  const busy = Math.max(busyBefore, busyAfter);
  console.log(`Other processes kept the CPUs ${busyBefore}% busy before and ${busyAfter}% after the measurement (our servers idle).`);
  if (busy > 20) {
    console.log(`WARNING: the machine was not idle (${busy}% busy): the figures are skewed; rerun when it is, or with BENCH_ROUNDS=3.`);
  }
  const reqRatio = realVsBare!.reqPerSecRatio;
  const goalMet = reqRatio !== null && reqRatio >= GOAL_REQ_PER_SEC_RATIO;
  console.log(
    `Goal: real/bare req/s ≥ ${GOAL_REQ_PER_SEC_RATIO} — ${goalMet ? "MET" : "NOT MET"} (${reqRatio === null ? "n/a" : reqRatio.toFixed(2)}); ` +
      `real/bare p99: ${realVsBare!.p99Ratio === null ? "n/a" : realVsBare!.p99Ratio.toFixed(2)}.`,
  );
  if (built) console.log("(This run built the app first with `npx next build`: .next/BUILD_ID was missing.)");

  const failed = rows.filter((r) => failures(r) > 0);
  for (const r of failed) {
    console.error(
      `FAIL ${r.name}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts), ${r.mismatches} unexpected bodies, ` +
        `${r.warmupFailures} failures during warm-up; status codes ${JSON.stringify(r.statusCodes)}`,
    );
  }

  console.log(
    JSON.stringify({
      bench: "health",
      path: PATH,
      config,
      node: process.version,
      cpus: os.cpus().length,
      otherCpuBusyPercent: { before: busyBefore, after: busyAfter },
      builtBeforeRun: built,
      results: rows.map((r) => ({
        target: r.name,
        reqPerSec: Math.round(r.reqPerSec),
        totalRequests: r.totalRequests,
        p50Ms: r.latencyP50,
        p99Ms: r.latencyP99,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        mismatches: r.mismatches,
        warmupFailures: r.warmupFailures,
        roundsReqPerSec: r.roundsReqPerSec.map((v) => Math.round(v)),
        cpuMicrosPerRequest: r.cpuMicrosPerRequest === undefined ? null : Math.round(r.cpuMicrosPerRequest),
      })),
      ratios: {
        reqPerSec: reqRatio === null ? null : Number(reqRatio.toFixed(3)),
        p99: realVsBare!.p99Ratio === null ? null : Number(realVsBare!.p99Ratio.toFixed(3)),
      },
      goal: { reqPerSecRatioAtLeast: GOAL_REQ_PER_SEC_RATIO, met: goalMet },
      ok: failed.length === 0,
    }),
  );
  return failed.length === 0 ? 0 : 1;
});
