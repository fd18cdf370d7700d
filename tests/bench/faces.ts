// Faces: embedding time on the CPU, the model's separation on the sample faces, and face search
// over many stored embeddings.
//   1. embed:      embedFace per picture (p50/p99 after warm-up) on the 22 sample faces and their
//                  altered copies; model load time; resident memory.
//   2. separation: same person (altered copies) vs different people (every pair), against
//                  FACE_MATCH_THRESHOLD.
//   3. search:     findSimilarFaces over N random unit embeddings (+ the 22 real faces) on PGlite
//                  (pgvector HNSW) and PostgreSQL (exact, or HNSW where it has pgvector); recall
//                  against a brute-force search in this process.        goal with pgvector: p50 < 50 ms
//
//   npm run bench:faces   (BENCH_FACES_ROWS=100000, BENCH_FACES_RANDOM_QUERIES=20, BENCH_FACES_EXACT_QUERIES=5,
//   BENCH_FACES_ENGINES=pglite,postgres; BENCH_FACES_ALTERNATIVE=0 skips the stream-every-row comparison;
//   BENCH_PG_URL as in api.ts)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { FACE_EMBEDDING_DIMENSIONS, FACE_MATCH_THRESHOLD, faceSimilarity, scoreFromCosine } from "@/lib/server/faces/compare-faces";
import { FACE_MODEL } from "@/lib/server/faces/describe-face";
import { embedFace } from "@/lib/server/faces/embed-face";
import { getHuman } from "@/lib/server/faces/load-human";
import { faceCode } from "@/lib/server/faces/face-code";
import { CODED_CANDIDATES, faceSearchKind, findSimilarFaces, HNSW_EF_SEARCH } from "@/lib/server/network/face-search";
import { alteredCopies, sampleFaces } from "../support/faces";
import { FACE_COPY_COLUMNS, faceRowsCopy, mean, ms, pct, randomDirections, table, timed } from "./faces-shared";
import { runBench, scratchPostgres } from "./lib";

const ROWS = Number(process.env.BENCH_FACES_ROWS ?? 100_000);
const RANDOM_QUERIES = Number(process.env.BENCH_FACES_RANDOM_QUERIES ?? 20);
const EXACT_QUERIES = Number(process.env.BENCH_FACES_EXACT_QUERIES ?? 5);
const ENGINES = (process.env.BENCH_FACES_ENGINES ?? "pglite,postgres").split(",");
const DIM = FACE_EMBEDDING_DIMENSIONS;
const K = 10;

const mb = () => `${Math.round(process.memoryUsage().rss / 2 ** 20)} MB resident`;
const median = (values: number[]) => pct(values, 50);

// ---------------------------------------------------------------------------------------------
// 1 + 2: embedding time and separation
// ---------------------------------------------------------------------------------------------

interface RealFace {
  person: string;
  embedding: number[];
  copies: { alteration: string; embedding: number[] | null }[];
}

async function embedSection(): Promise<RealFace[]> {
  console.log(
    `\n## 1. Embedding (node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
  );
  const [, loadMs] = await timed(() => getHuman());
  console.log(`model load (Human on tfjs WASM, detector + mesh; face-api ResNet-34 descriptor): ${ms(loadMs)} ms, ${mb()}`);
  const people = await sampleFaces();
  for (const person of people.slice(0, 3)) await embedFace(person.image); // warm-up: first runs compile kernels
  const faces: RealFace[] = [];
  const originalTimes: number[] = [];
  const copyTimes: number[] = [];
  for (const person of people) {
    const [result, t] = await timed(() => embedFace(person.image));
    originalTimes.push(t);
    if (!result.ok) throw new Error(`${person.person}: ${result.error.message}`);
    const face: RealFace = { person: person.person, embedding: result.value.embedding, copies: [] };
    for (const copy of await alteredCopies(person.image)) {
      const [copied, tc] = await timed(() => embedFace(copy.image));
      copyTimes.push(tc);
      face.copies.push({ alteration: copy.alteration, embedding: copied.ok ? copied.value.embedding : null });
    }
    faces.push(face);
  }
  const all = [...originalTimes, ...copyTimes];
  table(
    ["pictures", "n", "p50 ms", "p99 ms", "max ms"],
    [
      [
        "sample faces (~560–830 px squares)",
        String(originalTimes.length),
        ms(median(originalTimes)),
        ms(pct(originalTimes, 99)),
        ms(Math.max(...originalTimes)),
      ],
      ["sample faces + altered copies", String(all.length), ms(median(all)), ms(pct(all, 99)), ms(Math.max(...all))],
    ],
  );
  const human = await getHuman();
  console.log(`after ${all.length + 3} embeddings: ${mb()}, ${human.tf.memory().numTensors} tensors held (the models' weights)`);
  return faces;
}

function separationSection(faces: RealFace[]) {
  console.log(`\n## 2. Separation on the ${faces.length} sample faces (face score; threshold ${FACE_MATCH_THRESHOLD})`);
  const byAlteration = new Map<string, number[]>();
  let undetected = 0;
  for (const face of faces) {
    for (const copy of face.copies) {
      if (!copy.embedding) {
        undetected++;
        continue;
      }
      const list = byAlteration.get(copy.alteration) ?? [];
      list.push(faceSimilarity(face.embedding, copy.embedding));
      byAlteration.set(copy.alteration, list);
    }
  }
  const same = [...byAlteration.values()].flat();
  const different: number[] = [];
  let closest = { pair: "", similarity: -1 };
  for (const [i, a] of faces.entries()) {
    for (const b of faces.slice(i + 1)) {
      const similarity = faceSimilarity(a.embedding, b.embedding);
      different.push(similarity);
      if (similarity > closest.similarity) closest = { pair: `${a.person} / ${b.person}`, similarity };
    }
  }
  const rows = [...byAlteration.entries()].map(([alteration, v]) => [
    `same person, ${alteration}`,
    String(v.length),
    Math.min(...v).toFixed(3),
    median(v).toFixed(3),
    String(v.filter((s) => s < FACE_MATCH_THRESHOLD).length),
  ]);
  rows.push([
    "same person, all altered copies",
    String(same.length),
    Math.min(...same).toFixed(3),
    median(same).toFixed(3),
    String(same.filter((s) => s < FACE_MATCH_THRESHOLD).length),
  ]);
  table(["pairs", "n", "min", "median", "below threshold"], rows);
  console.log("");
  table(
    ["pairs", "n", "max", "p99", "median", "at or above threshold"],
    [
      [
        "different people",
        String(different.length),
        Math.max(...different).toFixed(3),
        pct(different, 99).toFixed(3),
        median(different).toFixed(3),
        String(different.filter((s) => s >= FACE_MATCH_THRESHOLD).length),
      ],
    ],
  );
  console.log(
    `gap: lowest same-person ${Math.min(...same).toFixed(3)} vs highest different-people ${closest.similarity.toFixed(3)} (${closest.pair}); copies without a detected face: ${undetected}`,
  );
}

// ---------------------------------------------------------------------------------------------
// 3: search
// ---------------------------------------------------------------------------------------------

interface Dataset {
  /** ROWS random unit vectors; row r has id `rand_r`. */
  vectors: Float32Array;
  real: RealFace[];
}

/** The K most similar stored faces by brute force in this process (the ground truth). */
function bruteForce(data: Dataset, query: number[]): string[] {
  const best: { id: string; s: number }[] = [];
  const consider = (id: string, s: number) => {
    if (best.length < K || s > best[best.length - 1]!.s) {
      best.push({ id, s });
      best.sort((a, b) => b.s - a.s);
      if (best.length > K) best.pop();
    }
  };
  const q = Float32Array.from(query);
  for (let r = 0; r < ROWS; r++) {
    let s = 0;
    const base = r * DIM;
    for (let i = 0; i < DIM; i++) s += data.vectors[base + i]! * q[i]!;
    consider(`rand_${r}`, scoreFromCosine(s));
  }
  for (const face of data.real) consider(`real_${face.person}`, faceSimilarity(face.embedding, query));
  return best.map((b) => b.id);
}

function batches(data: Dataset, size: number) {
  const out: { id: string; key: string; embedding: ArrayLike<number> }[][] = [];
  for (let start = 0; start < ROWS; start += size) {
    const rows = [];
    for (let r = start; r < Math.min(ROWS, start + size); r++)
      rows.push({ id: `rand_${r}`, key: `key_${r}`, embedding: data.vectors.subarray(r * DIM, (r + 1) * DIM) });
    out.push(rows);
  }
  out.push(data.real.map((f) => ({ id: `real_${f.person}`, key: `key_${f.person}`, embedding: f.embedding })));
  return out;
}

/** Loads the dataset; where the HNSW index exists it is dropped first and rebuilt after (faster). */
async function load(database: Database, data: Dataset) {
  await database.exec("insert into teams (id, name, slug) values ('team_bench', 'Bench', 'bench')");
  const { rows } = (await database.db.execute(
    sql`select indexdef from pg_indexes where indexname = 'network_faces_embedding_hnsw_idx'`,
  )) as unknown as { rows: { indexdef: string }[] };
  const indexdef = rows[0]?.indexdef;
  if (indexdef) await database.exec("drop index network_faces_embedding_hnsw_idx");
  const [, loadMs] = await timed(async () => {
    if (database.kind === "pglite") {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      for (const batch of batches(data, 5_000)) {
        await client.query(`copy network_faces (${FACE_COPY_COLUMNS}) from '/dev/blob' with (format binary)`, [], {
          blob: new Blob([new Uint8Array(faceRowsCopy(batch))]),
        });
      }
    } else {
      // node-postgres has no COPY without another package: multi-row INSERTs of array literals.
      for (const batch of batches(data, 200)) {
        const values = batch
          .map((_, i) => `($${5 * i + 1}, 'team_bench', $${5 * i + 2}, $${5 * i + 3}::real[], $${5 * i + 4}::bit(1024), $${5 * i + 5})`)
          .join(", ");
        const params = batch.flatMap((row) => [
          row.id,
          row.key,
          `{${Array.from(row.embedding, (x) => x.toPrecision(8)).join(",")}}`,
          faceCode(row.embedding),
          FACE_MODEL,
        ]);
        await database.pool!.query(`insert into network_faces (${FACE_COPY_COLUMNS}) values ${values}`, params);
      }
    }
  });
  console.log(`  loaded ${ROWS + data.real.length} embeddings in ${(loadMs / 1000).toFixed(1)} s`);
  if (indexdef) {
    const [, indexMs] = await timed(() => database.exec(`set maintenance_work_mem = '512MB'; ${indexdef}; reset maintenance_work_mem`));
    console.log(`  HNSW index built in ${(indexMs / 1000).toFixed(1)} s (${indexdef.replace(/^.* USING /, "USING ")})`);
  }
  await database.exec("vacuum analyze network_faces");
}

/** Queries: every altered copy of the real faces (their original is stored) and random directions. */
function queries(data: Dataset) {
  const nearDuplicates = data.real.flatMap((f) =>
    f.copies.filter((c) => c.embedding).map((c) => ({ expect: `real_${f.person}` as string | null, embedding: c.embedding! })),
  );
  const random = randomDirections(99)(RANDOM_QUERIES);
  const randoms = Array.from({ length: RANDOM_QUERIES }, (_, i) => ({
    expect: null as string | null,
    embedding: Array.from(random.subarray(i * DIM, (i + 1) * DIM)),
  }));
  return [...nearDuplicates, ...randoms];
}

async function hnswAt(database: Database, query: number[], ef: number): Promise<string[]> {
  const vector = `[${query.join(",")}]`;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local hnsw.ef_search = ${ef}`));
    await tx.execute(sql.raw("set local enable_seqscan = off")); // as findSimilarFaces does
    const result = (await tx.execute(
      sql`select id from network_faces order by embedding_vec <=> ${vector}::vector limit ${K}`,
    )) as unknown as { rows: { id: string }[] };
    return result.rows.map((r) => r.id);
  });
}

/** The plan and run time of findSimilarFaces' HNSW query (EXPLAIN ANALYZE), on one line. */
async function planOf(database: Database, query: number[]): Promise<string> {
  const vector = `[${query.join(",")}]`;
  const result = (await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local hnsw.ef_search = ${HNSW_EF_SEARCH}`));
    await tx.execute(sql.raw("set local enable_seqscan = off"));
    return tx.execute(sql`explain (analyze, buffers) select id, team_id, identity_key, network_identity_id, 1 - (embedding_vec <=> ${vector}::vector) as similarity
      from network_faces order by embedding_vec <=> ${vector}::vector limit ${K}`);
  })) as unknown as { rows: Record<string, string>[] };
  const lines = result.rows.map((r) =>
    Object.values(r)[0]!
      .trim()
      .replace(/'\[.*?\]'/g, "'[…]'"),
  );
  return lines
    .filter((l) => /Scan|Sort|Execution Time/.test(l))
    .map((l) => l.replace(/^->\s*/, "").replace(/\s+/g, " "))
    .join("; ");
}

type Query = ReturnType<typeof queries>[number];

/** The search rows, for the JSON line `npm run bench` reads. */
const summary: {
  engine: string;
  kind: string;
  faces: number;
  group: string;
  queries: number;
  p50Ms: number;
  p99Ms: number;
  recallAt10: number;
  copiesFound?: number;
}[] = [];

async function searchSection(engine: string, database: Database, data: Dataset, qs: Query[], truth: Map<number[], string[]>) {
  await load(database, data);
  const kind = await faceSearchKind(database.db);
  console.log(
    `  search kind: ${kind}; ${qs.length} queries (${qs.filter((q) => q.expect).length} altered copies of stored real faces, ${qs.filter((q) => !q.expect).length} random directions); top ${K}`,
  );
  const rows: string[][] = [];
  const recall = (got: string[], q: number[]) => got.filter((id) => truth.get(q)!.includes(id)).length / K;
  {
    // Warm-up: one pass over every query, so the first measured block does not pay for reading
    // the index (~800 MB at 100,000 faces, far more than PGlite's buffers) or the codes from disk alone.
    for (const q of qs) await findSimilarFaces(database.db, q.embedding, { limit: K });
    const groups = [
      { name: "altered copies of stored faces", queries: qs.filter((q) => q.expect) },
      { name: "random directions", queries: qs.filter((q) => !q.expect) },
    ];
    for (const group of groups) {
      if (group.queries.length === 0) continue;
      const times: number[] = [];
      const recalls: number[] = [];
      let found = 0;
      for (const q of group.queries) {
        const [result, t] = await timed(() => findSimilarFaces(database.db, q.embedding, { limit: K }));
        times.push(t);
        recalls.push(
          recall(
            result.map((f) => f.id),
            q.embedding,
          ),
        );
        if (q.expect && result[0]?.id === q.expect && result[0].similarity >= FACE_MATCH_THRESHOLD) found++;
      }
      const n = String(group.queries.length);
      const how = kind === "hnsw" ? `hnsw, ef_search ${HNSW_EF_SEARCH}` : `sign codes, ${CODED_CANDIDATES} ranked exactly`;
      rows.push([
        `findSimilarFaces (${how}), ${group.name}`,
        n,
        ms(median(times)),
        ms(pct(times, 99)),
        mean(recalls).toFixed(3),
        group.name.startsWith("altered") ? `${found}/${n}` : "",
      ]);
      summary.push({
        engine,
        kind,
        faces: ROWS + data.real.length,
        group: group.name,
        queries: group.queries.length,
        p50Ms: Number(median(times).toFixed(1)),
        p99Ms: Number(pct(times, 99).toFixed(1)),
        recallAt10: Number(mean(recalls).toFixed(3)),
        ...(group.name.startsWith("altered") && { copiesFound: found }),
      });
      for (const ef of kind === "hnsw" ? [40, 100, 200] : []) {
        const efTimes: number[] = [];
        const efRecalls: number[] = [];
        let efFound = 0;
        for (const q of group.queries) {
          const [ids, t] = await timed(() => hnswAt(database, q.embedding, ef));
          efTimes.push(t);
          efRecalls.push(recall(ids, q.embedding));
          if (q.expect && ids[0] === q.expect) efFound++;
        }
        rows.push([
          `  the index alone (select id), ef_search ${ef}`,
          n,
          ms(median(efTimes)),
          ms(pct(efTimes, 99)),
          mean(efRecalls).toFixed(3),
          group.name.startsWith("altered") ? `${efFound}/${n}` : "",
        ]);
      }
      if (kind === "hnsw") console.log(`  plan (${group.name}): ${await planOf(database, group.queries[0]!.embedding)}`);
    }
  }
  // Exact search: the fallback without pgvector, and the reference where the index exists.
  const exactTimes: number[] = [];
  const exactRecalls: number[] = [];
  // Where the index exists the exact search is only a reference (PGlite's WASM scan is slow): one query.
  for (const q of qs.slice(0, kind === "hnsw" ? Math.min(1, EXACT_QUERIES) : EXACT_QUERIES)) {
    const [result, t] = await timed(() => findSimilarFaces(database.db, q.embedding, { limit: K, exact: true }));
    exactTimes.push(t);
    exactRecalls.push(
      recall(
        result.map((f) => f.id),
        q.embedding,
      ),
    );
  }
  if (exactTimes.length) {
    summary.push({
      engine,
      kind: "exact",
      faces: ROWS + data.real.length,
      group: "exact",
      queries: exactTimes.length,
      p50Ms: Number(median(exactTimes).toFixed(1)),
      p99Ms: Number(pct(exactTimes, 99).toFixed(1)),
      recallAt10: Number(mean(exactRecalls).toFixed(3)),
    });
    rows.push([
      `findSimilarFaces (exact${kind === "hnsw" ? ", forced" : ""})`,
      String(exactTimes.length),
      ms(median(exactTimes)),
      ms(pct(exactTimes, 99)),
      mean(exactRecalls).toFixed(3),
      "",
    ]);
  }
  if (database.kind === "postgres" && kind === "coded" && EXACT_QUERIES > 0 && process.env.BENCH_FACES_ALTERNATIVE !== "0") {
    // The other way to search without pgvector: read every embedding and score it here.
    const q = qs[0]!.embedding;
    const [ids, t] = await timed(async () => {
      const best: { id: string; s: number }[] = [];
      let last = "";
      for (;;) {
        const { rows: page } = await database.pool!.query<{ id: string; embedding: number[] }>(
          "select id, embedding from network_faces where id > $1 order by id limit 5000",
          [last],
        );
        if (page.length === 0) break;
        for (const row of page) best.push({ id: row.id, s: faceSimilarity(row.embedding, q) });
        best.sort((a, b) => b.s - a.s).splice(K);
        last = page[page.length - 1]!.id;
      }
      return best.map((b) => b.id);
    });
    rows.push(["alternative: stream rows, cosine in JS", "1", ms(t), ms(t), recall(ids, q).toFixed(3), ""]);
  }
  console.log("");
  table(
    [
      "search over " + (ROWS + data.real.length).toLocaleString("en-US") + " faces",
      "queries",
      "p50 ms",
      "p99 ms",
      `recall@${K}`,
      "copy → original #1",
    ],
    rows,
  );
  console.log(`  ${engine}: ${mb()}`);
}

async function searchEngines(real: RealFace[]) {
  console.log(`\n## 3. Face search over ${ROWS.toLocaleString("en-US")} random unit embeddings + the ${real.length} real faces`);
  const [vectors, genMs] = await timed(async () => randomDirections(42)(ROWS));
  const data: Dataset = { vectors, real };
  const qs = queries(data);
  const [truth, truthMs] = await timed(async () => new Map(qs.map((q) => [q.embedding, bruteForce(data, q.embedding)])));
  console.log(
    `generated in ${(genMs / 1000).toFixed(1)} s; brute-force ground truth in this process: ${ms(truthMs / qs.length)} ms per query`,
  );
  for (const engine of ENGINES) {
    console.log(`\n### ${engine}`);
    if (engine === "pglite") {
      // A data folder, not memory: ~1 GB of table and index would crowd the WASM heap.
      const dir = mkdtempSync(path.join(os.tmpdir(), "idv-bench-faces-"));
      const database = await openDatabase({ kind: "pglite", dataDir: dir });
      try {
        await runMigrations(database);
        await searchSection(engine, database, data, qs, truth);
      } finally {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      }
    } else {
      const scratch = await scratchPostgres();
      if (!scratch) continue;
      const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 });
      try {
        await runMigrations(database);
        await searchSection(engine, database, data, qs, truth);
      } finally {
        await database.close();
        await scratch.drop();
      }
    }
  }
}

void runBench(async () => {
  const real = await embedSection();
  separationSection(real);
  await searchEngines(real);
  console.log(JSON.stringify({ bench: "faces", search: summary, load: os.loadavg()[0] }));
});
