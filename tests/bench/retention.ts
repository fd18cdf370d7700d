// The daily retention run at scale: how fast it deletes, and whether the database keeps answering
// other queries meanwhile (the embedded database has one connection: each batch holds it).
//
//   npx tsx tests/bench/retention.ts
//   RETENTION_BENCH_CASES=20000 RETENTION_BENCH_BATCH=200 npx tsx tests/bench/retention.ts
//
// Seeds one team's live mode with old cases (each with a 16 KB evidence image and two delivered
// webhook messages with an attempt), old risk assessments, and recent ones that must stay; then
// runs applyRetention while a probe issues `select 1` every 5 ms, and prints deletion rate and the
// probe's p50/p99/max latency. On PGlite in memory and, when reachable, on PostgreSQL.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../lib/db/client";
import { runMigrations } from "../../lib/db/migrate";
import { evidenceFiles, riskAssessments, teamSettings, verifications, webhookAttempts, webhookMessages } from "../../lib/db/schema";
import { newId } from "../../lib/server/shared/crypto";
import { applyRetention } from "../../lib/server/settings/apply-retention";
import { createTeam } from "../../lib/server/teams/create-team";
import { scratchPostgres } from "./lib";

const CASES = Number(process.env.RETENTION_BENCH_CASES ?? 5000);
const BATCH = Number(process.env.RETENTION_BENCH_BATCH ?? 500);
const IMAGE = Buffer.alloc(16 * 1024, 7);
const DAY = 86_400_000;

async function seed(database: Database) {
  const db = database.db;
  const team = await createTeam(db, { name: `Bench ${Date.now()}`, actor: { type: "system" } });
  if (!team.ok) throw new Error(team.error.message);
  const teamId = team.value.id;
  await db.insert(teamSettings).values({ teamId, mode: "live", retentionDays: 30 });
  for (let start = 0; start < CASES * 1.2; start += 500) {
    const chunk = Array.from({ length: Math.min(500, CASES * 1.2 - start) }, (_, i) => start + i);
    const cases = chunk.map((n) => ({ id: randomUUID(), old: n < CASES }));
    const at = (old: boolean) => new Date(Date.now() - (old ? 60 : 5) * DAY);
    await db.insert(verifications).values(
      cases.map((c) => ({
        id: c.id,
        teamId,
        mode: "live" as const,
        email: `${c.id}@bench.test`,
        workflowId: "flow",
        hostedToken: c.id,
        expiresAt: new Date(),
        createdAt: at(c.old),
      })),
    );
    await db.insert(evidenceFiles).values(
      cases.map((c) => ({
        id: newId("evd"),
        teamId,
        mode: "live" as const,
        ownerType: "verification",
        ownerId: c.id,
        role: "face_scan",
        mimeType: "image/jpeg",
        byteSize: IMAGE.length,
        sha256: "x",
        data: IMAGE,
        createdAt: at(c.old),
      })),
    );
    const messages = cases.flatMap((c) =>
      [0, 1].map(() => ({
        id: newId("msg"),
        teamId,
        mode: "live" as const,
        event: "Verified",
        payload: { id: c.id },
        verificationId: c.id,
        status: "delivered" as const,
        createdAt: at(c.old),
      })),
    );
    await db.insert(webhookMessages).values(messages);
    await db.insert(webhookAttempts).values(
      messages.map((m) => ({
        id: newId("att"),
        messageId: m.id,
        teamId,
        mode: "live" as const,
        attempt: 1,
        statusCode: 200,
        durationMs: 5,
        startedAt: m.createdAt,
      })),
    );
    await db.insert(riskAssessments).values(
      cases.map((c) => ({
        id: newId("risk"),
        teamId,
        mode: "live" as const,
        email: "a@bench.test",
        firstName: "A",
        lastName: "B",
        dateOfBirth: "1990-01-01",
        report: "headline",
        enrichments: [],
        response: {},
        billable: false,
        createdAt: at(c.old),
      })),
    );
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function run(name: string, database: Database) {
  await runMigrations(database);
  await seed(database);
  const probes: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await database.db.execute(sql`select 1`);
      probes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const report = await applyRetention(database.db, { batchSize: BATCH });
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await probe;
  const t = report.totals;
  const rows = t.verifications + t.riskAssessments + t.monitoredAccounts;
  const sorted = probes.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(10)} deleted ${t.verifications} cases, ${t.riskAssessments} assessments, ${t.evidenceFiles} images, ${t.webhookMessages} messages in ${seconds.toFixed(2)} s ` +
      `(${Math.round(rows / seconds)} records/s, batch ${BATCH}); probe select 1 during the run: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length} probes)`,
  );
  if (t.verifications !== CASES || t.riskAssessments !== CASES) throw new Error("the run did not delete exactly the old records");
}

const pglite = await openDatabase({ kind: "pglite-memory" });
await run("PGlite", pglite).finally(() => pglite.close());
const scratch = await scratchPostgres();
if (scratch) {
  const postgres = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 5 });
  await run("PostgreSQL", postgres).finally(async () => {
    await postgres.close();
    await scratch.drop();
  });
}
