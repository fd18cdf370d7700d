import { afterAll, beforeAll, expect, it } from "vitest";
import { riskRadarResponseSchema, riskResponseSchema, type RiskRequest } from "@/lib/contract";
import { addBlocklistEntry } from "@/lib/server/blocklist/add-blocklist-entry";
import { embedFace } from "@/lib/server/faces/embed-face";
import { assessRisk } from "@/lib/server/risk/assess-risk";
import { createLiveRiskEngine } from "@/lib/server/risk/live-risk-engine";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { deepfaceImage, deepfacePeople } from "../support/real-faces";

// face_linked_to_multiple_identities end to end: real faces (deepface's photographs), the real
// model, the network's face search (HNSW on PGlite, exact on PostgreSQL 15 without pgvector).
const NETWORK_KEY = "test-network-key-faces-0123456789abcdef0123";
const engine = createLiveRiskEngine({ networkKey: NETWORK_KEY, providers: {} });

// Real photographs of real people (tests/support/real-faces.ts): Alice's "again" is another photograph of her.
let images: { alice: Buffer; aliceAgain: Buffer; bob: Buffer; carol: Buffer };
beforeAll(() => {
  const { alice, bob, carol } = deepfacePeople();
  images = { alice: deepfaceImage(alice[0]), aliceAgain: deepfaceImage(alice[1]), bob: deepfaceImage(bob), carol: deepfaceImage(carol) };
});

const jpeg = (bytes: Buffer) => new File([new Uint8Array(bytes)], "selfie.jpg", { type: "image/jpeg" });

describeEngines("face linking in live risk on %s", (kind) => {
  let database: TestDatabase;
  let tenant: { teamId: string; mode: "live" };
  let other: { teamId: string; mode: "live" };
  const run = Date.now();

  async function radar(request: RiskRequest, on = tenant) {
    const result = await assessRisk(database.db, { tenant: on, request, report: "radar", engine });
    if (!result.ok) throw new Error(result.error.message);
    const report = riskRadarResponseSchema.parse(result.value).radar_verification_report;
    return report.checks.find((c) => c.name === "face_linked_to_multiple_identities")!;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    tenant = { teamId: (await seedTeam(database.db, "Acme")).team.id, mode: "live" };
    other = { teamId: (await seedTeam(database.db, "Globex")).team.id, mode: "live" };
  });
  afterAll(() => database.dispose());

  it("the same face under two names fails, across teams; other faces and the same identity pass", async () => {
    const alice = { first_name: "Alice", last_name: "Archer", email: `alice.${run}@example.org`, date_of_birth: "1991-03-04" };
    expect(await radar({ ...alice, face_scan: jpeg(images.alice) })).toMatchObject({
      state: "PASS",
      reason: "No other identity on the network has this face",
    });
    // Alice again, same identity, another picture of her: still fine.
    expect(await radar({ ...alice, email: `alice.other.${run}@example.org`, face_scan: jpeg(images.aliceAgain) })).toMatchObject({
      state: "PASS",
      reason: expect.stringMatching(/always with this identity/),
    });
    // Bob and Carol, different faces: nothing to link.
    expect(
      (
        await radar({
          first_name: "Bob",
          last_name: "Baker",
          email: `bob.${run}@example.org`,
          date_of_birth: "1980-01-01",
          face_scan: jpeg(images.bob),
        })
      ).state,
    ).toBe("PASS");
    // Alice's face under another name, at another team: linked.
    const mallory = await radar(
      {
        first_name: "Mallory",
        last_name: "Mint",
        email: `mallory.${run}@example.org`,
        date_of_birth: "1979-09-09",
        face_scan: jpeg(images.aliceAgain),
      },
      other,
    );
    expect(mallory.state).toBe("FAIL");
    expect(mallory.reason).toMatch(/matches 1 other identity on the network \(best similarity [01]\.\d+, threshold 0\.\d+\)/);
    expect(mallory.reason).not.toMatch(/alice|archer/i);
  }, 120_000);

  it("a blocklisted face is a known fraudster, scored REJECT", async () => {
    const embedded = await embedFace(images.carol);
    if (!embedded.ok) throw new Error(embedded.error.message);
    const added = await addBlocklistEntry(database.db, {
      by: { platform: { type: "cli", id: "test" } },
      subject: { kind: "face", embedding: embedded.value.embedding, label: "Carol's selfie" },
      reason: "Deepfake onboarding attempts",
      networkKey: NETWORK_KEY,
    });
    expect(added.ok).toBe(true);
    const result = await assessRisk(database.db, {
      tenant,
      report: "headline",
      engine,
      request: {
        first_name: "Caroline",
        last_name: "New",
        email: `caroline.${run}@example.org`,
        date_of_birth: "1999-12-12",
        face_scan: jpeg(images.carol),
      },
    });
    if (!result.ok) throw new Error(result.error.message);
    const body = riskResponseSchema.parse(result.value);
    expect(body.recommendation).toBe("REJECT");
    expect(body.metadata.score_factors![0]).toMatchObject({
      name: "known_blocklist_match",
      state: "FAIL",
      reason: "Matches the platform blocklist by face: Deepfake onboarding attempts",
    });
  }, 120_000);

  it("a picture without a face cannot be linked: NOT_PERFORMED with the reason", async () => {
    const sharp = (await import("sharp")).default;
    const blank = await sharp({ create: { width: 320, height: 320, channels: 3, background: "#88aacc" } })
      .jpeg()
      .toBuffer();
    expect(
      await radar({
        first_name: "No",
        last_name: "Face",
        email: `noface.${run}@example.org`,
        date_of_birth: "1990-01-01",
        face_scan: jpeg(blank),
      }),
    ).toMatchObject({
      state: "NOT_PERFORMED",
      reason: expect.stringMatching(/No usable face in face_scan: No face was found/),
    });
  }, 60_000);
});
