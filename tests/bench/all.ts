// npm run bench — issue 14's table in one run: every row measured now, beside the figures the issue
// was filed with and its goal. Runs the benches below one after another (each its own process,
// servers pinned to core 0 and the load generator on the others, see lib.ts), reads the JSON line
// each prints last, and prints the table. About 8–10 minutes on 2 cores.
//
//   npm run bench                      (BENCH_DURATION per measured target, default 5 s here)
//   BENCH_PG_URL=postgres://…          (default as in lib.ts; without PostgreSQL its rows say so)
//
// Each bench also runs alone (npm run bench:health, bench:api, bench:faces; npx tsx tests/bench/live-risk.ts).
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));

interface Step {
  name: string;
  script: string;
  env?: Record<string, string>;
}

const STEPS: Step[] = [
  { name: "health", script: "health.ts" },
  { name: "api", script: "api.ts" },
  { name: "live-risk", script: "live-risk.ts" },
  // Face search over 100,000 faces on PostgreSQL (the coded search where pgvector is missing).
  {
    name: "faces",
    script: "faces.ts",
    env: { BENCH_FACES_ENGINES: "postgres", BENCH_FACES_EXACT_QUERIES: "0", BENCH_FACES_ALTERNATIVE: "0" },
  },
  // Face search over 1,000,000 faces with pgvector: only where `npm run bench:faces-1m` made its
  // fixtures once (a PostgreSQL with pgvector; each build took 30–45 min on 2 cores), queries only here. Two
  // fixtures: uniform random filler (the worst case for a graph index) and made-up faces shaped
  // like the sample faces (BENCH_FACES_1M_FILLER=face-like).
  { name: "faces-1m", script: "faces-1m.ts", env: { BENCH_FACES_1M_READY_ONLY: "1", BENCH_FACES_1M_SWEEP: "" } },
  {
    name: "faces-1m-face-like",
    script: "faces-1m.ts",
    env: { BENCH_FACES_1M_READY_ONLY: "1", BENCH_FACES_1M_SWEEP: "", BENCH_FACES_1M_FILLER: "face-like" },
  },
];

type Json = Record<string, any>;

/** Runs one bench, its output passed through; answers the last JSON line it printed. */
function run(step: Step): Promise<{ json: Json | null; code: number; seconds: number; load: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(HERE, step.script)], {
      env: { ...process.env, BENCH_DURATION: process.env.BENCH_DURATION ?? "5", ...step.env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let last: Json | null = null;
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        try {
          last = JSON.parse(line) as Json;
        } catch {
          // not a summary line
        }
      }
    });
    child.on("exit", (code) => resolve({ json: last, code: code ?? 1, seconds: (Date.now() - started) / 1000, load: os.loadavg()[0]! }));
  });
}

const fixed = (v: unknown, digits = 2) => (typeof v === "number" ? v.toFixed(digits) : "n/a");
const verdict = (ok: boolean | null) => (ok === null ? "—" : ok ? "MET" : "NOT MET");

const startedAt = Date.now();
const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const step of STEPS) {
  console.log(`\n==== ${step.name} (tests/bench/${step.script}) — load average ${os.loadavg()[0]!.toFixed(2)}`);
  results[step.name] = await run(step);
}

const api = results.api?.json?.ratios ?? {};
const risk = results["live-risk"]?.json?.ratios ?? {};
const health = results.health?.json?.ratios ?? {};
const faces: Json[] = results.faces?.json?.search ?? [];
const faces1m: Json[] = [results["faces-1m"]?.json, results["faces-1m-face-like"]?.json].filter((j): j is Json => !!j);
const apiRow = (key: string) => api[key] as { ratio: number | null; goal: number; p99Ratio?: number | null } | undefined;

const rows: string[][] = [];
const add = (path: string, before: string, now: string, goal: string, met: boolean | null) =>
  rows.push([path, before, now, goal, verdict(met)]);

add("GET /api/v1/health", "0.53", fixed(health.reqPerSec), "≥ 0.6", typeof health.reqPerSec === "number" ? health.reqPerSec >= 0.6 : null);
{
  const r = apiRow("real (PGlite): sandbox GET /api/v2/verifications/333");
  add("sandbox GET /api/v2/verifications/333", "0.34–0.37", fixed(r?.ratio), "≥ 0.6", r?.ratio == null ? null : r.ratio >= 0.6);
}
{
  const r = apiRow("real (PGlite): sandbox POST /api/v2/risk (multipart)");
  const now = `${fixed(r?.ratio)}, p99 ${fixed(r?.p99Ratio, 1)}× bare`;
  add(
    "sandbox POST /api/v2/risk (multipart, stored), PGlite",
    "0.02, p99 1.6 s",
    now,
    "≥ 0.3, p99 ≤ 10× bare",
    r?.ratio == null ? null : r.ratio >= 0.3 && r.p99Ratio != null && r.p99Ratio <= 10,
  );
}
{
  const a = apiRow("real (PGlite): live GET stored case (200 cases in turn)");
  const b = apiRow("real (PostgreSQL): live GET stored case (200 cases in turn)");
  add(
    "live GET of a stored case (200 in turn), PGlite / PostgreSQL",
    "0.03 / 0.05–0.09",
    `${fixed(a?.ratio)} / ${b ? fixed(b.ratio) : "no PostgreSQL"}`,
    "≥ 0.2 / ≥ 0.3",
    a?.ratio == null ? null : a.ratio >= 0.2 && (b?.ratio == null || b.ratio >= 0.3),
  );
}
{
  const pg = risk["real (PostgreSQL)"] as number | null | undefined;
  const lite = risk["real (PGlite)"] as number | null | undefined;
  add(
    "live POST /api/v2/risk without face, PostgreSQL / PGlite",
    "0.011 / 0.005",
    `${pg === undefined ? "no PostgreSQL" : fixed(pg, 3)} / ${fixed(lite, 3)}`,
    "≥ 0.1 / ≥ 0.05",
    lite == null ? null : lite >= 0.05 && (pg == null || pg >= 0.1),
  );
}
{
  const coded = faces.filter((f) => f.engine === "postgres" && f.kind === "coded");
  const exact = faces.find((f) => f.engine === "postgres" && f.kind === "exact");
  if (coded.length === 0) {
    add(
      "face search, 100,000 faces, PostgreSQL without pgvector",
      "10–14 s per query",
      faces.some((f) => f.kind === "hnsw") ? "this PostgreSQL has pgvector (HNSW row below)" : "not measured (no PostgreSQL)",
      "≤ 200 ms p99, recall ≥ 0.99 of exact",
      null,
    );
  } else {
    const p99 = Math.max(...coded.map((f) => f.p99Ms as number));
    const copies = coded.find((f) => f.group.startsWith("altered"));
    const random = coded.find((f) => !f.group.startsWith("altered"));
    const now = `p99 ${p99.toFixed(0)} ms ${exact ? ` (exact ${(exact.p50Ms as number).toFixed(0)} ms)` : ""}; recall@10 ${fixed(copies?.recallAt10, 3)} on copies of stored faces, ${fixed(random?.recallAt10, 3)} on random directions`;
    add(
      `face search, ${(coded[0]!.faces as number).toLocaleString("en-US")} faces, PostgreSQL without pgvector`,
      "10–14 s per query",
      now,
      "≤ 200 ms p99, recall ≥ 0.99 of exact",
      p99 <= 200 && (copies?.recallAt10 ?? 0) >= 0.99,
    );
  }
  const hnsw = faces.filter((f) => f.engine === "postgres" && f.kind === "hnsw");
  const measured1m = faces1m.filter((f) => f.measured);
  for (const run of measured1m) {
    const groups = (run.groups ?? []) as Json[];
    const copies = groups.find((g) => String(g.group).startsWith("altered"));
    const others = groups.find((g) => !String(g.group).startsWith("altered"));
    const matches = groups.reduce((sum, g) => sum + ((g.matches as number) ?? 0), 0);
    const found = groups.reduce((sum, g) => sum + ((g.matchesFound as number) ?? 0), 0);
    const now = `p50 ${fixed(run.p50Ms, 1)}, p99 ${fixed(run.p99Ms, 1)} ms; same-person matches found ${found}/${matches}, copy → original first ${copies?.copiesFound ?? "n/a"}/${copies?.queries ?? "n/a"}; recall@10 ${fixed(copies?.recallAt10, 3)} / ${fixed(others?.recallAt10, 3)}`;
    // Fast is not enough: a stored face of the same person that is not found is a missed fraud
    // signal, so the row also needs ≥ 0.99 of the exact search's matches (cosine ≥ the match
    // threshold among its top 10). Recall@10 is printed too; on uniform filler, past the one match
    // it counts noise (every other face is ~equally far).
    add(
      `face search, ${(run.faces as number).toLocaleString("en-US")} faces (${run.filler ?? "uniform"} filler), pgvector HNSW`,
      "not measured (100k: p50 42, p99 74 ms)",
      now,
      "p99 ≤ 50 ms, ≥ 0.99 of matches found",
      (run.p99Ms as number) <= 50 && matches > 0 && found / matches >= 0.99,
    );
  }
  if (measured1m.length === 0) {
    add(
      "face search, 1,000,000 faces, pgvector HNSW",
      "not measured (100k: p50 42, p99 74 ms)",
      hnsw.length
        ? `${(hnsw[0]!.faces as number).toLocaleString("en-US")} faces: p99 ${Math.max(...hnsw.map((f) => f.p99Ms as number)).toFixed(0)} ms`
        : `not measured here (${faces1m[0]?.reason ?? "faces-1m did not run"}): npm run bench:faces-1m makes the fixture once on a PostgreSQL with pgvector`,
      "p99 ≤ 50 ms",
      null,
    );
  }
}

const widths = ["path", "when filed", "now", "goal", ""].map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
const line = (cells: string[]) =>
  cells
    .map((cell, c) => cell.padEnd(widths[c]!))
    .join("  ")
    .trimEnd();
console.log(`\n==== Issue 14, real/bare req/s measured in this run (${((Date.now() - startedAt) / 60_000).toFixed(1)} min)`);
console.log(line(["path", "when filed", "now", "goal", ""]));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
// The VM's speed swings between runs (the bare server alone: 16,500–60,000 req/s on this
// machine), which moves every ratio; the CPU each request took of the serving process does not.
const cpuRows = ["health", "api", "live-risk"].flatMap((step) =>
  ((results[step]?.json?.results ?? []) as Json[]).filter((r) => typeof r.cpuMicrosPerRequest === "number"),
);
if (cpuRows.length) {
  console.log("\n  CPU of the serving process per request (µs; a database server's own CPU not included):");
  for (const r of cpuRows)
    console.log(
      `    ${String(r.cpuMicrosPerRequest).padStart(6)}  ${r.target}  (${(r.reqPerSec as number).toLocaleString("en-US")} req/s)`,
    );
}
for (const [name, r] of Object.entries(results)) {
  const machine = r.json?.machine ? `; ${r.json.machine}` : "";
  console.log(`  ${name}: ${r.seconds.toFixed(0)} s, exit ${r.code}, load average ${r.load.toFixed(2)} at its end${machine}`);
}
const failed = Object.entries(results).filter(([, r]) => r.code !== 0 || !r.json);
if (failed.length) console.error(`Failed: ${failed.map(([n]) => n).join(", ")} (see their output above)`);
process.exit(failed.length ? 1 : 0);
