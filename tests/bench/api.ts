// The service API's hot paths through the real server, each against a bare node:http server
// answering the same bytes, measured in the same run:
//   - sandbox GET /api/v2/verifications/333 (canned, no database)       goal ≥ 0.6 of bare
//   - sandbox POST /api/v2/risk, multipart (validates, scores, stores)   goal ≥ 0.3 of bare, p99 ≤ 10× bare
//   - live GET /api/v2/verifications/{id} of stored cases, 200 in turn (each request the next one,
//     the bare server answering each case's own bytes), on PGlite and on PostgreSQL
//                                                                      goal ≥ 0.2 (PGlite), ≥ 0.3 (PostgreSQL)
// (issue 14's table). Servers run on core 0, the load generator on the others (lib.ts, pinning).
//
//   npx tsx tests/bench/api.ts            (BENCH_DURATION, BENCH_CONNECTIONS, BENCH_ROUNDS as in lib.ts)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (default; the PostgreSQL run is skipped with a note when unreachable)
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

const BOUNDARY = "----verity-bench-boundary";
const RISK_BODY = [
  ["first_name", "Jane"],
  ["last_name", "Doe"],
  ["email", "jane+review@example.com"],
  ["date_of_birth", "1990-01-31"],
  ["enrichments", '["ONLINE_FOOTPRINT","AML"]'],
]
  .map(([k, v]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
  .join("")
  .concat(`--${BOUNDARY}--\r\n`);
const RISK_HEADERS = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };

type Creds = { client_id: string; client_secret: string };

async function token(server: ServerHandle, creds: Creds): Promise<string> {
  const res = await fetch(`${server.url}/api/v2/authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(creds),
  });
  if (res.status !== 201) throw new Error(`authenticate: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

function demoCredentials(server: ServerHandle): { live: Creds; sandbox: Creds } {
  return JSON.parse(readFileSync(path.join(server.dataDir!, "demo-credentials.json"), "utf8"));
}

async function createCase(server: ServerHandle, bearer: string, n = 1): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/verifications`, {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
    body: JSON.stringify({ email: `bench${n}@example.com`, workflow_id: "sandbox-flow", external_id: `bench-${n}` }),
  });
  if (res.status !== 201) throw new Error(`create verification: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Cases the live reads rotate over: clients poll many cases, not one. */
const STORED_CASES = 200;

/** STORED_CASES new cases of the live token's team, each with the body a read answers. */
async function storedCases(server: ServerHandle, bearer: string): Promise<Record<string, string>> {
  const bodies: Record<string, string> = {};
  for (let i = 0; i < STORED_CASES; i++) {
    const id = await createCase(server, bearer, i);
    const path = `/api/v2/verifications/${id}`;
    bodies[path] = await sample(server.url + path, { headers: { authorization: `Bearer ${bearer}` } });
  }
  return bodies;
}

/** Each request reads the next of the cases, round the list. */
function rotating(paths: string[]): () => string {
  let next = 0;
  return () => paths[next++ % paths.length]!;
}

/** The header lines of each sampled answer, by path: the bare server answers with them too. */
const linesOf = new Map<string, Record<string, string>>();

async function sample(url: string, init: RequestInit): Promise<string> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
  linesOf.set(new URL(url).pathname, headerLinesOf(res));
  return text;
}

await runBench(async () => {
  await ensureBuild();
  const rows: Row[] = [];
  const report: Record<string, { ratio: number | null; goal: number; p99Ratio?: number | null; p99Goal?: number }> = {};

  // PGlite: sandbox read, sandbox risk, live read.
  const real = await startServer({ name: "real (PGlite)" });
  const creds = demoCredentials(real);
  const sandbox = await token(real, creds.sandbox);
  const live = await token(real, creds.live);
  const cases = await storedCases(real, live);
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const canned = await sample(`${real.url}/api/v2/verifications/333`, { headers: auth(sandbox) });
  const risk = await sample(`${real.url}/api/v2/risk`, { method: "POST", headers: { ...auth(sandbox), ...RISK_HEADERS }, body: RISK_BODY });

  const bare = await startBareServer({
    name: "bare",
    routes: [
      { path: "/api/v2/verifications/333", body: canned, headers: linesOf.get("/api/v2/verifications/333") },
      { method: "POST", path: "/api/v2/risk", status: 201, body: risk, headers: linesOf.get("/api/v2/risk") },
      ...Object.entries(cases).map(([path, body]) => ({ path, body, headers: linesOf.get(path) })),
    ],
  });

  type Target = {
    path: string;
    method?: string;
    headers: Record<string, string>;
    body?: string;
    expectBody?: string;
    expectBodies?: Record<string, string>;
  };
  const pair = async (label: string, goal: number, target: Target, p99Goal?: number) => {
    // With expectBodies, each request reads the next of those paths (the same order on both servers).
    const rotation = () =>
      target.expectBodies && { nextPath: rotating(Object.keys(target.expectBodies)), expectBodies: target.expectBodies };
    const b = await measure(`bare: ${label}`, {
      url: bare.url + target.path,
      method: target.method,
      body: target.body,
      headers: target.headers,
      ...rotation(),
    });
    const r = await measure(`${real.name}: ${label}`, {
      url: real.url + target.path,
      method: target.method,
      body: target.body,
      headers: target.headers,
      expectBody: target.expectBody,
      ...rotation(),
      config: { warmup: PGLITE_WARMUP_S },
    });
    rows.push(b, r);
    const [, cmp] = printReport([b, r], b.name);
    report[`${real.name}: ${label}`] = {
      ratio: cmp?.reqPerSecRatio ?? null,
      goal,
      ...(p99Goal !== undefined && { p99Ratio: cmp?.p99Ratio ?? null, p99Goal }),
    };
  };

  await pair("sandbox GET /api/v2/verifications/333", 0.6, {
    path: "/api/v2/verifications/333",
    headers: auth(sandbox),
    expectBody: canned,
  });
  await pair(
    "sandbox POST /api/v2/risk (multipart)",
    0.3,
    { path: "/api/v2/risk", method: "POST", headers: { ...auth(sandbox), ...RISK_HEADERS }, body: RISK_BODY },
    10,
  );
  await pair(`live GET stored case (${STORED_CASES} cases in turn)`, 0.2, { path: "/", headers: auth(live), expectBodies: cases });
  await real.stop();

  // PostgreSQL: live read of a stored case.
  const database = await scratchPostgres();
  if (database) {
    try {
      const pgServer = await startServer({
        name: "real (PostgreSQL)",
        // Production on PostgreSQL needs a session key (several instances share it).
        env: {
          DATABASE_URL: database.url,
          SEED_DEMO: "true",
          AUTH_SECRET: randomBytes(32).toString("base64url"),
          NETWORK_KEY: randomBytes(32).toString("base64url"),
        },
      });
      const pgCreds = demoCredentials(pgServer);
      const pgLive = await token(pgServer, pgCreds.live);
      const pgCases = await storedCases(pgServer, pgLive);
      const paths = Object.keys(pgCases);
      await bare.stop();
      const pgBare = await startBareServer({
        name: "bare",
        routes: Object.entries(pgCases).map(([path, body]) => ({ path, body, headers: linesOf.get(path) })),
      });
      const label = `live GET stored case (${STORED_CASES} cases in turn)`;
      const b = await measure(`bare: ${label}`, { url: pgBare.url, nextPath: rotating(paths), expectBodies: pgCases });
      const r = await measure(`real (PostgreSQL): ${label}`, {
        url: pgServer.url,
        headers: auth(pgLive),
        nextPath: rotating(paths),
        expectBodies: pgCases,
      });
      rows.push(b, r);
      const [, cmp] = printReport([b, r], b.name);
      report[`real (PostgreSQL): live GET stored case (${STORED_CASES} cases in turn)`] = { ratio: cmp?.reqPerSecRatio ?? null, goal: 0.3 };
      await pgServer.stop();
      await pgBare.stop();
    } finally {
      await database.drop();
    }
  }
  await bare.stop();

  console.log(`\nSummary (real/bare req/s) — ${machineNote()}:`);
  for (const [name, { ratio, goal, p99Ratio, p99Goal }] of Object.entries(report)) {
    const p99 =
      p99Goal === undefined
        ? ""
        : `; p99 ${p99Ratio == null ? "n/a" : p99Ratio.toFixed(1)}× bare (goal ≤ ${p99Goal}×: ${p99Ratio != null && p99Ratio <= p99Goal ? "MET" : "NOT MET"})`;
    console.log(
      `  ${name}: ${ratio === null ? "n/a" : ratio.toFixed(2)} (goal ≥ ${goal}: ${ratio !== null && ratio >= goal ? "MET" : "NOT MET"})${p99}`,
    );
  }
  const failed = rows.filter((r) => failures(r) > 0);
  for (const r of failed)
    console.error(
      `FAIL ${r.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.mismatches} unexpected bodies; ${JSON.stringify(r.statusCodes)}`,
    );
  console.log(
    JSON.stringify({
      bench: "api",
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
