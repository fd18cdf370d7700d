// Live POST /api/v2/risk (no face) through the real server, against a bare node:http server
// answering the same bytes, measured in the same run. Every request is a different person, and
// one email in eight is reused under another name so the network's signals have links to find.
// Enrichments: ONLINE_FOOTPRINT and NFD (local data, no vendor). Goals (issue 14): ≥ 0.1 of bare on
// PostgreSQL, ≥ 0.05 on PGlite. Servers run on core 0, the load generator on the others (lib.ts).
//
//   npx tsx tests/bench/live-risk.ts   (BENCH_DURATION, BENCH_CONNECTIONS as in lib.ts; BENCH_PG_URL)
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  ensureBuild,
  failures,
  headerLinesOf,
  machineNote,
  measure,
  PGLITE_WARMUP_S,
  printReport,
  runBench,
  scratchPostgres,
  startBareServer,
  startServer,
  type Row,
  type ServerHandle,
} from "./lib";

const BOUNDARY = "----verity-live-risk";
let n = 0;
function nextBody(): string {
  n += 1;
  const email = n % 8 === 0 ? `shared${n % 64}@example.org` : `person${n}.${process.pid}@example.org`;
  return [
    ["first_name", `First${n % 500}`],
    ["last_name", `Last${n}`],
    ["email", email],
    ["date_of_birth", `19${50 + (n % 50)}-0${1 + (n % 9)}-1${n % 10}`],
    ["phone", "+447700900123"],
    ["enrichments", '["ONLINE_FOOTPRINT","NFD"]'],
  ]
    .map(([k, v]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("")
    .concat(`--${BOUNDARY}--\r\n`);
}
const HEADERS = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };

async function liveToken(server: ServerHandle): Promise<string> {
  const creds = JSON.parse(readFileSync(path.join(server.dataDir!, "demo-credentials.json"), "utf8")).live;
  const res = await fetch(`${server.url}/api/v2/authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(creds),
  });
  if (res.status !== 201) throw new Error(`authenticate: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

await runBench(async () => {
  await ensureBuild();
  const rows: Row[] = [];
  const report: Record<string, number | null> = {};

  async function run(server: ServerHandle) {
    const token = await liveToken(server);
    const headers = { authorization: `Bearer ${token}`, ...HEADERS };
    const sample = await fetch(`${server.url}/api/v2/risk`, { method: "POST", headers, body: nextBody() });
    const body = await sample.text();
    if (sample.status !== 201) throw new Error(`live risk: ${sample.status} ${body}`);
    const bare = await startBareServer({
      name: "bare",
      routes: [
        { method: "POST", path: "/api/v2/risk", status: 201, body, headers: headerLinesOf(sample) },
        { path: "/ready", body: "{}" },
      ],
    });
    try {
      const b = await measure("bare: POST /api/v2/risk", { url: `${bare.url}/api/v2/risk`, method: "POST", headers, nextBody });
      // On PGlite, warmed up to its steady state first (lib.ts, PGLITE_WARMUP_S).
      const config = server.name.includes("PGlite") ? { warmup: PGLITE_WARMUP_S } : undefined;
      const r = await measure(`${server.name}: live POST /api/v2/risk`, {
        url: `${server.url}/api/v2/risk`,
        method: "POST",
        headers,
        nextBody,
        config,
      });
      rows.push(b, r);
      const [, cmp] = printReport([b, r], b.name);
      report[server.name] = cmp?.reqPerSecRatio ?? null;
    } finally {
      await bare.stop();
    }
  }

  const pglite = await startServer({ name: "real (PGlite)" });
  try {
    await run(pglite);
  } finally {
    await pglite.stop();
  }
  const database = await scratchPostgres();
  if (database) {
    try {
      const secret = () => randomBytes(32).toString("base64url");
      const pg = await startServer({
        name: "real (PostgreSQL)",
        env: { DATABASE_URL: database.url, SEED_DEMO: "true", AUTH_SECRET: secret(), NETWORK_KEY: secret() },
      });
      try {
        await run(pg);
      } finally {
        await pg.stop();
      }
    } finally {
      await database.drop();
    }
  }

  console.log(`\nSummary (real/bare req/s, live risk without face) — ${machineNote()}:`);
  for (const [name, ratio] of Object.entries(report)) {
    const goal = name.includes("PostgreSQL") ? 0.1 : 0.05;
    console.log(
      `  ${name}: ${ratio === null ? "n/a" : ratio.toFixed(3)} (goal ≥ ${goal}: ${ratio !== null && ratio >= goal ? "MET" : "NOT MET"})`,
    );
  }
  const failed = rows.filter((r) => failures(r) > 0);
  for (const r of failed) console.error(`FAIL ${r.name}: ${r.non2xx} non-2xx, ${r.errors} errors; ${JSON.stringify(r.statusCodes)}`);
  console.log(
    JSON.stringify({
      bench: "live-risk",
      results: rows.map((r) => ({
        target: r.name,
        reqPerSec: Math.round(r.reqPerSec),
        p50Ms: r.latencyP50,
        p99Ms: r.latencyP99,
        cpuMicrosPerRequest: r.cpuMicrosPerRequest === undefined ? null : Math.round(r.cpuMicrosPerRequest),
      })),
      ratios: report,
      machine: machineNote(),
      ok: failed.length === 0,
    }),
  );
  return failed.length === 0 ? 0 : 1;
});
