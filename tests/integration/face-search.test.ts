import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { networkFaces, teams } from "@/lib/db/schema";
import { FACE_MATCH_THRESHOLD } from "@/lib/server/faces/compare-faces";
import { embedFace } from "@/lib/server/faces/embed-face";
import { faceCode } from "@/lib/server/faces/face-code";
import { codeUncodedFaces, faceSearchKind, findSimilarFaces, recordFace } from "@/lib/server/network/face-search";
import { FACE_MODEL } from "@/lib/server/faces/describe-face";
import { sampleFaces } from "../support/faces";
import { deepfaceImage, deepfacePeople } from "../support/real-faces";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

/** Embeddings of real pictures, computed once for the file (the model runs on one core). */
const faces = new Map<string, number[]>();

async function embed(name: string, image: Buffer) {
  const result = await embedFace(image);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  faces.set(name, result.value.embedding);
}

/*
 * Real photographs of real people (tests/support/real-faces.ts): Alice in three photographs, one
 * stored under her name, one under another (Mallory), one the picture a new submission brings;
 * Bob and Carol, two other people.
 */
beforeAll(async () => {
  const { alice, bob, carol } = deepfacePeople();
  for (const [name, file] of [
    ["alice", alice[0]],
    ["alice as mallory", alice[1]],
    ["alice searching", alice[2]],
    ["bob", bob],
    ["carol", carol],
  ] as const) {
    await embed(name, deepfaceImage(file));
  }
}, 240_000);

const face = (name: string) => faces.get(name)!;

describeEngines("face search on %s", (engine) => {
  let database: TestDatabase;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    await db.insert(teams).values([
      { id: "team_a", name: "A", slug: "a" },
      { id: "team_b", name: "B", slug: "b" },
    ]);
    ids.set(
      "alice",
      await recordFace(db, { teamId: "team_a", networkIdentityId: null, identityKey: "key-alice", embedding: face("alice") }),
    );
    ids.set("bob", await recordFace(db, { teamId: "team_a", networkIdentityId: null, identityKey: "key-bob", embedding: face("bob") }));
    ids.set(
      "carol",
      await recordFace(db, { teamId: "team_b", networkIdentityId: null, identityKey: "key-carol", embedding: face("carol") }),
    );
    ids.set(
      "mallory",
      await recordFace(db, { teamId: "team_b", networkIdentityId: null, identityKey: "key-mallory", embedding: face("alice as mallory") }),
    );
  });
  afterAll(() => database.dispose());

  it("uses the HNSW index where pgvector exists (always on PGlite) and sign codes elsewhere", async () => {
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from pg_extension where extname = 'vector'`)) as unknown as {
      rows: { n: number }[];
    };
    const hasVector = rows[0]!.n === 1;
    if (engine === "pglite") expect(hasVector).toBe(true);
    expect(await faceSearchKind(database.db)).toBe(hasVector ? "hnsw" : "coded");
  });

  it("finds the same face under both names, above the threshold, most similar first", async () => {
    const found = await findSimilarFaces(database.db, face("alice searching"), { minSimilarity: FACE_MATCH_THRESHOLD });
    expect(found.map((f) => f.identityKey).sort()).toEqual(["key-alice", "key-mallory"]);
    expect(found).toContainEqual({
      id: ids.get("alice"),
      teamId: "team_a",
      identityKey: "key-alice",
      networkIdentityId: null,
      similarity: expect.any(Number),
    });
    expect(found).toContainEqual({
      id: ids.get("mallory"),
      teamId: "team_b",
      identityKey: "key-mallory",
      networkIdentityId: null,
      similarity: expect.any(Number),
    });
    expect(found[0]!.similarity).toBeGreaterThanOrEqual(found[1]!.similarity);
    for (const f of found) expect(f.similarity).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
  });

  it("ranks every face by face score, the identical embedding at 1", async () => {
    const all = await findSimilarFaces(database.db, face("bob"), { limit: 10 });
    expect(all).toHaveLength(4);
    expect(all[0]).toMatchObject({ id: ids.get("bob"), identityKey: "key-bob" });
    expect(all[0]!.similarity).toBeCloseTo(1, 5);
    const similarities = all.map((f) => f.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    for (const f of all.slice(1)) expect(f.similarity).toBeLessThan(FACE_MATCH_THRESHOLD);
    expect(await findSimilarFaces(database.db, face("bob"), { limit: 2 })).toEqual(all.slice(0, 2));
  });

  it("returns the same faces and similarities as the exact search", async () => {
    const query = face("alice searching");
    const approximate = await findSimilarFaces(database.db, query, { limit: 4 });
    const exact = await findSimilarFaces(database.db, query, { limit: 4, exact: true });
    expect(approximate.map((f) => f.id)).toEqual(exact.map((f) => f.id));
    for (const [i, f] of approximate.entries()) expect(f.similarity).toBeCloseTo(exact[i]!.similarity, 4);
  });

  it("finds nothing above the threshold for a face the network has not seen", async () => {
    const stranger = (await sampleFaces(4))[3]!;
    const result = await embedFace(stranger.image);
    if (!result.ok) throw new Error(result.error.message);
    expect(await findSimilarFaces(database.db, result.value.embedding, { minSimilarity: FACE_MATCH_THRESHOLD })).toEqual([]);
  }, 60_000);

  it("stores embeddings at unit length and refuses ones of the wrong size", async () => {
    const doubled = face("carol").map((x) => x * 2);
    const id = await recordFace(database.db, { teamId: "team_b", networkIdentityId: null, identityKey: null, embedding: doubled });
    const [row] = await database.db
      .select()
      .from(networkFaces)
      .where(sql`${networkFaces.id} = ${id}`);
    expect(Math.hypot(...row!.embedding)).toBeCloseTo(1, 5);
    expect(row!.model).toBe(FACE_MODEL);
    await expect(
      recordFace(database.db, { teamId: "team_b", networkIdentityId: null, identityKey: null, embedding: [1, 2, 3] }),
    ).rejects.toThrow(/128/);
    await expect(findSimilarFaces(database.db, new Array(128).fill(0))).rejects.toThrow(/non-zero/);
  });

  it("compares only faces of the current model: an older descriptor's face is never returned", async () => {
    // A face stored by Human's faceres (1024 numbers) before migration 0021.
    const old = Array.from({ length: 1024 }, (_, i) => Math.sin(i));
    const norm = Math.hypot(...old);
    await database.db.insert(networkFaces).values({
      id: "face_old",
      teamId: "team_a",
      networkIdentityId: null,
      identityKey: "key-old",
      model: "human-faceres",
      embedding: old.map((x) => x / norm),
    });
    for (const options of [{}, { exact: true }, { coded: true }]) {
      const found = await findSimilarFaces(database.db, face("alice"), { limit: 100, ...options });
      expect(found.map((f) => f.id)).not.toContain("face_old");
      expect(found.length).toBeGreaterThanOrEqual(5);
    }
    expect(await codeUncodedFaces(database.db)).toBe(0);
    await database.db.execute(sql`delete from network_faces where id = 'face_old'`);
  });

  it("screens by sign codes (the path without pgvector) with the exact search's answer, and codes faces stored before codes", async () => {
    const query = face("alice searching");
    const exact = await findSimilarFaces(database.db, query, { limit: 4, exact: true });
    const coded = await findSimilarFaces(database.db, query, { limit: 4, coded: true });
    // Carol is stored twice by now (the unit-length test): equal similarities may come in either order.
    expect(coded.slice(0, 2).map((f) => f.id)).toEqual(exact.slice(0, 2).map((f) => f.id));
    // Ranked here from the binary arrays: the same float8 products summed in the same order as the
    // exact search's SQL, so the very same numbers.
    for (const [i, f] of coded.entries()) expect(f.similarity).toBe(exact[i]!.similarity);
    const matches = await findSimilarFaces(database.db, query, { coded: true, minSimilarity: FACE_MATCH_THRESHOLD });
    expect(matches.map((f) => f.identityKey).sort()).toEqual(["key-alice", "key-mallory"]);

    // A face stored without a code (before migration 0019) is still found, then coded.
    const legacy = await recordFace(database.db, {
      teamId: "team_a",
      networkIdentityId: null,
      identityKey: "key-legacy",
      embedding: face("alice as mallory"),
    });
    await database.db.execute(sql`update network_faces set embedding_code = null where id = ${legacy}`);
    const withLegacy = await findSimilarFaces(database.db, query, { coded: true, minSimilarity: FACE_MATCH_THRESHOLD });
    expect(withLegacy.map((f) => f.identityKey)).toContain("key-legacy");
    expect(await codeUncodedFaces(database.db)).toBe(1);
    const [row] = (
      (await database.db.execute(sql`select embedding_code::text as code from network_faces where id = ${legacy}`)) as unknown as {
        rows: { code: string }[];
      }
    ).rows;
    expect(row!.code).toBe(faceCode(face("alice as mallory").map((x) => x / Math.hypot(...face("alice as mallory")))));
    expect(await codeUncodedFaces(database.db)).toBe(0);
  });
});
