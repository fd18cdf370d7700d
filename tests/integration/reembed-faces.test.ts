import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { networkFaces } from "@/lib/db/schema";
import { FACE_MODEL } from "@/lib/server/faces/describe-face";
import { embedFace } from "@/lib/server/faces/embed-face";
import { findSimilarFaces } from "@/lib/server/network/face-search";
import { reembedNetworkFaces } from "@/lib/server/network/reembed-faces";
import { assessRisk } from "@/lib/server/risk/assess-risk";
import { createLiveRiskEngine } from "@/lib/server/risk/live-risk-engine";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { deepfaceImage, deepfacePeople } from "../support/real-faces";

// Faces stored by an older model are re-described from the face scans still held (issue 26).
const engine = createLiveRiskEngine({ networkKey: "test-network-key-reembed-0123456789abcdef0123", providers: {} });
const jpeg = (bytes: Buffer) => new File([new Uint8Array(bytes)], "selfie.jpg", { type: "image/jpeg" });

describeEngines("re-embedding the network's faces on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  it("re-describes a face whose scan is held, counts one whose scan is gone, and the face is found again", async () => {
    const tenant = { teamId: (await seedTeam(database.db, "Acme")).team.id, mode: "live" as const };
    const { alice } = deepfacePeople();
    const image = deepfaceImage(alice[0]);
    const result = await assessRisk(database.db, {
      tenant,
      report: "headline",
      engine,
      request: {
        first_name: "Alice",
        last_name: "Archer",
        email: `alice.${Date.now()}@example.org`,
        date_of_birth: "1991-03-04",
        face_scan: jpeg(image),
      },
    });
    expect(result.ok).toBe(true);
    const [stored] = await database.db.select().from(networkFaces);
    expect(stored).toMatchObject({ model: FACE_MODEL });
    // As an older release left it: faceres' 1024 numbers; and a second old face whose scan was never kept.
    const old = `{${Array.from({ length: 1024 }, (_, i) => (i === 0 ? 1 : 0)).join(",")}}`;
    await database.db.execute(sql`update network_faces set model = 'human-faceres', embedding = ${old}::real[] where id = ${stored!.id}`);
    await database.db.execute(
      sql`insert into network_faces (id, team_id, identity_key, embedding, model) values ('face_orphan', ${tenant.teamId}, null, ${old}::real[], 'human-faceres')`,
    );
    const query = await embedFace(image);
    if (!query.ok) throw new Error(query.error.message);
    // Until re-described, the old faces are not compared with the current model's.
    expect(await findSimilarFaces(database.db, query.value.embedding, { limit: 10 })).toEqual([]);

    expect(await reembedNetworkFaces(database.db, { batchSize: 1 })).toEqual({ found: 2, reembedded: 1, noEvidence: 1, noFace: {} });
    const [again] = await database.db
      .select()
      .from(networkFaces)
      .where(sql`${networkFaces.id} = ${stored!.id}`);
    expect(again!.model).toBe(FACE_MODEL);
    expect(again!.embedding).toHaveLength(128);
    const found = await findSimilarFaces(database.db, query.value.embedding, { limit: 10 });
    expect(found.map((f) => f.id)).toEqual([stored!.id]);
    expect(found[0]!.similarity).toBeCloseTo(1, 3);
    // Nothing left to do but the orphan, which stays counted.
    expect(await reembedNetworkFaces(database.db)).toEqual({ found: 1, reembedded: 0, noEvidence: 1, noFace: {} });
  }, 120_000);
});
