import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { networkFaces } from "@/lib/db/schema";
import { FACE_EMBEDDING_DIMENSIONS, unitVector } from "../faces/compare-faces";
import { newId } from "../shared/crypto";

/*
 * Face search over network_faces (issue 7). Where pgvector exists, migration 0006 added
 * `embedding_vec vector(1024)` generated from `embedding`, with an HNSW index for cosine distance:
 * the nearest faces come from the index (approximate, a few ms). Without the extension (Debian's
 * PostgreSQL 15 here) the search is exact: a dot product over every stored `embedding` inside
 * PostgreSQL (parallel sequential scan), which is linear in the number of faces.
 */

export type FaceSearchKind = "hnsw" | "exact";

export interface SimilarFace {
  id: string;
  teamId: string;
  identityKey: string | null;
  networkIdentityId: string | null;
  /** Cosine similarity with the searched embedding (−1…1). */
  similarity: number;
}

export interface FindSimilarFacesOptions {
  /** At most this many faces, most similar first (default 10, at most 1000). */
  limit?: number;
  /** Leave out faces less similar than this (default: none left out). */
  minSimilarity?: number;
  /** Search every stored face even where the HNSW index exists (recall checks, benchmarks). */
  exact?: boolean;
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
  await db.insert(networkFaces).values({ id, teamId: face.teamId, networkIdentityId: face.networkIdentityId, identityKey: face.identityKey, embedding });
  return id;
}

/** The faces most similar to `embedding` across the whole network, most similar first. */
export async function findSimilarFaces(db: Db, embedding: number[], options: FindSimilarFacesOptions = {}): Promise<SimilarFace[]> {
  const query = checkedEmbedding(embedding);
  const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? 10)), 1000);
  const minSimilarity = options.minSimilarity ?? -1;
  const kind = options.exact ? "exact" : await faceSearchKind(db);
  const rows = kind === "hnsw" ? await searchHnsw(db, query, limit) : await searchExact(db, query, limit, minSimilarity);
  return rows
    .map((row) => ({
      id: row.id,
      teamId: row.team_id,
      identityKey: row.identity_key,
      networkIdentityId: row.network_identity_id,
      similarity: Number(row.similarity),
    }))
    .filter((face) => face.similarity >= minSimilarity);
}

const searchKinds = new WeakMap<Db, Promise<FaceSearchKind>>();

/** "hnsw" when migration 0006 could add the pgvector column (asked once per Db), else "exact". */
export function faceSearchKind(db: Db): Promise<FaceSearchKind> {
  let kind = searchKinds.get(db);
  if (!kind) {
    kind = (async () => {
      const result = await db.execute(sql`
        select exists (
          select 1 from information_schema.columns
          where table_schema = current_schema() and table_name = 'network_faces' and column_name = 'embedding_vec'
        ) as found`);
      return rowsOf<{ found: boolean }>(result)[0]?.found ? "hnsw" : "exact";
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
  similarity: number | string;
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
      order by embedding_vec <=> ${vector}::vector
      limit ${limit}`);
    return rowsOf<FaceRow>(result);
  });
}

async function searchExact(db: Db, query: number[], limit: number, minSimilarity: number): Promise<FaceRow[]> {
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
        group by f.id
        having sum(pair.a::float8 * pair.b) >= ${minSimilarity}
        order by similarity desc
        limit ${limit}
      )
      select n.id, n.team_id, n.identity_key, n.network_identity_id, nearest.similarity
      from nearest join network_faces n on n.id = nearest.id
      order by nearest.similarity desc`);
    return rowsOf<FaceRow>(result);
  });
}

/** Both drivers answer db.execute with `{ rows }`; Drizzle's shared type does not say so. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

function checkedEmbedding(embedding: number[]): number[] {
  if (embedding.length !== FACE_EMBEDDING_DIMENSIONS) {
    throw new Error(`a face embedding has ${FACE_EMBEDDING_DIMENSIONS} numbers (got ${embedding.length})`);
  }
  const unit = unitVector(embedding);
  if (!unit || !unit.every(Number.isFinite)) throw new Error("a face embedding must be a non-zero vector of finite numbers");
  return unit;
}
