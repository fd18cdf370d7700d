import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows-of";
import { networkFaces } from "@/lib/db/schema";
import { cosineFromScore, FACE_EMBEDDING_DIMENSIONS, scoreFromCosine, unitVector } from "../faces/compare-faces";
import { FACE_MODEL } from "../faces/describe-face";
import { faceCode } from "../faces/face-code";
import { newId } from "../shared/crypto";

/*
 * Face search over network_faces (issue 7). Only faces of the current model (FACE_MODEL, issue 26)
 * are compared: a score between two descriptors' embeddings means nothing. Similarities are face
 * scores (faces/compare-faces.ts, 0–1); the SQL ranks by cosine, which orders them the same.
 * Where pgvector exists, migration 0021 keeps `embedding_vec vector(128)` generated from the
 * current model's `embedding`, with an HNSW index for cosine distance:
 * the nearest faces come from the index (approximate, a few ms). Without the extension (Debian's
 * PostgreSQL 15 here) every face carries a 1024-bit sign code of its embedding under fixed
 * random rotations (face-code.ts, issue 14): PostgreSQL screens all codes by Hamming distance
 * (`bit_count(code # query)`, ~128 bytes a face), and the closest few hundred come back with
 * their embeddings (binary arrays) to be ranked here by the exact dot product. (The bit counts
 * measured for faceres, same person ≤ 257 and different people ≥ 275, have not been re-measured
 * for the ResNet-34: tests/bench/faces.ts does that.) Faces stored before codes existed are coded
 * by `codeUncodedFaces` (at boot) and searched exactly until then.
 */

export type FaceSearchKind = "hnsw" | "coded";

/** Codes ranked exactly per search, at least (the nearest by Hamming distance). */
export const CODED_CANDIDATES = 200;

export interface SimilarFace {
  id: string;
  teamId: string;
  identityKey: string | null;
  networkIdentityId: string | null;
  /** Face score against the searched embedding (0–1, faces/compare-faces.ts). */
  similarity: number;
}

export interface FindSimilarFacesOptions {
  /** At most this many faces, most similar first (default 10, at most 1000). */
  limit?: number;
  /** Leave out faces scoring less than this (default: none left out). */
  minSimilarity?: number;
  /** Compare every stored face exactly, whatever index or code exists (recall checks, benchmarks). */
  exact?: boolean;
  /** Screen by the sign codes even where the HNSW index exists (tests and benchmarks of the path without pgvector). */
  coded?: boolean;
}

/**
 * Candidates the HNSW graph keeps while searching (pgvector's default is 40). Over 100,000 random
 * embeddings plus the 22 sample faces (tests/bench/faces.ts, PGlite, three index builds), an
 * altered copy of a stored face found that face first in 126–150 of 154 searches at 40, 145–154
 * at 100 and 151–154 at 200, the index taking ~13, ~17–28 and ~23–31 ms (p50). A missed match is
 * a missed fraud signal, so 200. (Random filler is the hard case for HNSW; real faces cluster.)
 */
export const HNSW_EF_SEARCH = 200;

/** Stores one face's embedding (scaled to unit length) for the identity it came with; returns its id. */
export async function recordFace(
  db: Db,
  face: { teamId: string; networkIdentityId: string | null; identityKey: string | null; embedding: number[] },
): Promise<string> {
  const embedding = checkedEmbedding(face.embedding);
  const id = newId("face");
  await db.insert(networkFaces).values({
    id,
    teamId: face.teamId,
    networkIdentityId: face.networkIdentityId,
    identityKey: face.identityKey,
    embedding,
    model: FACE_MODEL,
    embeddingCode: faceCode(embedding),
  });
  return id;
}

/** The faces most similar to `embedding` across the whole network, most similar first. */
export async function findSimilarFaces(db: Db, embedding: number[], options: FindSimilarFacesOptions = {}): Promise<SimilarFace[]> {
  const query = checkedEmbedding(embedding);
  const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? 10)), 1000);
  const minSimilarity = options.minSimilarity ?? 0;
  // The SQL compares cosines: the score asked for as the cosine it stands for.
  const minCosine = cosineFromScore(minSimilarity);
  const rows = options.exact
    ? await searchExact(db, query, limit, minCosine)
    : !options.coded && (await faceSearchKind(db)) === "hnsw"
      ? await searchHnsw(db, query, limit)
      : await searchCoded(db, query, limit, minCosine);
  return rows
    .filter((row) => row.similarity !== null && Number(row.similarity) >= minCosine)
    .map((row) => ({
      id: row.id,
      teamId: row.team_id,
      identityKey: row.identity_key,
      networkIdentityId: row.network_identity_id,
      similarity: scoreFromCosine(Number(row.similarity)),
    }))
    .filter((face) => face.similarity >= minSimilarity);
}

const searchKinds = new WeakMap<Db, Promise<FaceSearchKind>>();

/** "hnsw" when migration 0006 could add the pgvector column (asked once per Db), else "coded". */
export function faceSearchKind(db: Db): Promise<FaceSearchKind> {
  let kind = searchKinds.get(db);
  if (!kind) {
    kind = (async () => {
      const result = await db.execute(sql`
        select exists (
          select 1 from information_schema.columns
          where table_schema = current_schema() and table_name = 'network_faces' and column_name = 'embedding_vec'
        ) as found`);
      return rowsOf<{ found: boolean }>(result)[0]?.found ? "hnsw" : "coded";
    })();
    kind.catch(() => searchKinds.delete(db)); // a failed probe is asked again next time
    searchKinds.set(db, kind);
  }
  return kind;
}

interface FaceRow {
  id: string;
  team_id: string;
  identity_key: string | null;
  network_identity_id: string | null;
  /** Cosine with the query (the embeddings are unit length). */
  similarity: number | string | null;
}

async function searchHnsw(db: Db, query: number[], limit: number): Promise<FaceRow[]> {
  const vector = `[${query.join(",")}]`;
  // ORDER BY distance + LIMIT is the shape the index serves; the similarity cut-off is applied
  // afterwards (a WHERE on the distance would make PostgreSQL scan the table instead).
  // pgvector's cost estimate is erratic in ef_search: at 100,000 faces the planner chose a 2 s
  // sequential scan at ef_search 100 and the index at 40 and 200 (tests/bench/faces.ts), so the
  // sequential scan is ruled out here; on a small table the index costs a few ms more at most.
  return db.transaction(async (tx) => {
    const efSearch = String(Math.max(HNSW_EF_SEARCH, limit));
    await tx.execute(sql`select set_config('hnsw.ef_search', ${efSearch}, true), set_config('enable_seqscan', 'off', true)`);
    const result = await tx.execute(sql`
      select id, team_id, identity_key, network_identity_id, 1 - (embedding_vec <=> ${vector}::vector) as similarity
      from network_faces
      where model = ${FACE_MODEL}
      order by embedding_vec <=> ${vector}::vector
      limit ${limit}`);
    return rowsOf<FaceRow>(result);
  });
}

async function searchExact(db: Db, query: number[], limit: number, minCosine: number): Promise<FaceRow[]> {
  // Stored embeddings are unit length (recordFace), so the dot product is the cosine. One
  // aggregate over (face, element) pairs lets PostgreSQL split the scan across parallel workers;
  // the planner would not on its own, as the table's heap is small (the arrays live in TOAST).
  const array = `{${query.join(",")}}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('parallel_setup_cost', '0', true), set_config('min_parallel_table_scan_size', '0', true)`);
    const result = await tx.execute(sql`
      with nearest as (
        select f.id, sum(pair.a::float8 * pair.b) as similarity
        from network_faces f, unnest(f.embedding, ${array}::real[]) as pair(a, b)
        where f.model = ${FACE_MODEL}
        group by f.id
        having sum(pair.a::float8 * pair.b) >= ${minCosine}
        order by similarity desc
        limit ${limit}
      )
      select n.id, n.team_id, n.identity_key, n.network_identity_id, nearest.similarity
      from nearest join network_faces n on n.id = nearest.id
      order by nearest.similarity desc`);
    return rowsOf<FaceRow>(result);
  });
}

async function searchCoded(db: Db, query: number[], limit: number, minCosine: number): Promise<FaceRow[]> {
  const candidates = Math.max(CODED_CANDIDATES, 10 * limit);
  // The nearest codes, plus any face not coded yet (stored before codes; codeUncodedFaces fills them in),
  // each with its embedding in PostgreSQL's binary array form. Ranking them here costs a fraction of
  // the SQL dot product (an aggregate over 1,024 unnested pairs per candidate: ~0.25 ms each, twice
  // the screening itself at 200 candidates; tests/bench/faces.ts).
  const result = await db.execute(sql`
    with screened as (
      (select id from network_faces where embedding_code is not null and model = ${FACE_MODEL}
       order by bit_count(embedding_code # ${faceCode(query)}::bit(1024)) limit ${candidates})
      union
      (select id from network_faces where embedding_code is null and model = ${FACE_MODEL})
    )
    select f.id, f.team_id, f.identity_key, f.network_identity_id, array_send(f.embedding) as embedding
    from network_faces f join screened s on s.id = f.id`);
  // The query as real[] rounds it to float4, as the exact search does: the same products, summed in
  // the same order in float8, so both searches give the same similarities.
  const query32 = Float32Array.from(query);
  const ranked: FaceRow[] = [];
  for (const row of rowsOf<FaceRow & { embedding: Uint8Array }>(result)) {
    const similarity = binaryDot(row.embedding, query32);
    if (similarity === null || similarity < minCosine) continue;
    ranked.push({
      id: row.id,
      team_id: row.team_id,
      identity_key: row.identity_key,
      network_identity_id: row.network_identity_id,
      similarity,
    });
  }
  return ranked.sort((a, b) => Number(b.similarity) - Number(a.similarity)).slice(0, limit);
}

/**
 * The dot product of a real[] in PostgreSQL's binary array form (`array_send`: dimensions, null
 * flag, element type, length, lower bound, then each element's length and value) with `query`;
 * null where the array is not one dimension of `query.length` non-null float4s.
 */
export function binaryDot(array: Uint8Array, query: Float32Array): number | null {
  const n = query.length;
  if (array.byteLength !== 20 + 8 * n) return null;
  const view = new DataView(array.buffer, array.byteOffset, array.byteLength);
  const FLOAT4_OID = 700;
  if (view.getInt32(0) !== 1 || view.getInt32(4) !== 0 || view.getUint32(8) !== FLOAT4_OID || view.getInt32(12) !== n) return null;
  let sum = 0;
  for (let i = 0, offset = 20; i < n; i++, offset += 8) {
    if (view.getInt32(offset) !== 4) return null;
    sum += view.getFloat32(offset + 4) * query[i]!;
  }
  return sum;
}

/**
 * Codes the faces stored without one (before migration 0019), a batch at a time; returns how many.
 * Run at boot in the background: until a face is coded, searches compare it exactly.
 */
export async function codeUncodedFaces(db: Db, options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  let total = 0;
  for (let batch = 0; batch < (options.maxBatches ?? Infinity); batch++) {
    const rows = rowsOf<{ id: string; embedding: number[] }>(
      await db.execute(
        sql`select id, embedding from network_faces where embedding_code is null and model = ${FACE_MODEL} limit ${batchSize}`,
      ),
    );
    if (rows.length === 0) break;
    await db.transaction(async (tx) => {
      for (const row of rows)
        await tx.execute(
          sql`update network_faces set embedding_code = ${faceCode(unitVector(row.embedding.map(Number)) ?? row.embedding)}::bit(1024) where id = ${row.id}`,
        );
    });
    total += rows.length;
    if (rows.length < batchSize) break;
  }
  return total;
}

function checkedEmbedding(embedding: number[]): number[] {
  if (embedding.length !== FACE_EMBEDDING_DIMENSIONS) {
    throw new Error(`a face embedding has ${FACE_EMBEDDING_DIMENSIONS} numbers (got ${embedding.length})`);
  }
  const unit = unitVector(embedding);
  if (!unit || !unit.every(Number.isFinite)) throw new Error("a face embedding must be a non-zero vector of finite numbers");
  return unit;
}
