import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { getEvidenceFile } from "@/lib/server/evidence/get-evidence-file";
import { listEvidence } from "@/lib/server/evidence/list-evidence";
import { storeEvidence } from "@/lib/server/evidence/store-evidence";
import type { Tenant } from "@/lib/server/shared/tenant";
import { createTeam } from "@/lib/server/teams/create-team";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

/** A real PNG signature followed by random bytes, so a lost or altered byte shows. */
function pngBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

async function team(db: Db, name: string): Promise<string> {
  const created = await createTeam(db, { name, actor: { type: "system" } });
  if (!created.ok) throw new Error(created.error.message);
  return created.value.id;
}

describeEngines("evidence files on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let acme: Tenant;
  let acmeSandbox: Tenant;
  let globex: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    const acmeId = await team(db, "Acme");
    acme = { teamId: acmeId, mode: "live" };
    acmeSandbox = { teamId: acmeId, mode: "sandbox" };
    globex = { teamId: await team(db, "Globex"), mode: "live" };
  });
  afterAll(async () => database?.dispose());

  it("stores an image (inside the caller's transaction) and gives back its exact bytes", async () => {
    const bytes = pngBytes(64 * 1024);
    const id = await db.transaction((tx) =>
      storeEvidence(tx, {
        tenant: acme,
        ownerType: "risk_assessment",
        ownerId: "risk_one",
        role: "face_scan",
        mimeType: "image/png",
        bytes,
      }),
    );
    expect(id).toMatch(/^evd_/);
    const found = await getEvidenceFile(db, acme, id);
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(Buffer.isBuffer(found.value.bytes)).toBe(true);
    expect(found.value.bytes.equals(bytes)).toBe(true);
    expect(found.value).toMatchObject({
      id,
      ownerType: "risk_assessment",
      ownerId: "risk_one",
      role: "face_scan",
      mimeType: "image/png",
      byteSize: bytes.length,
    });
    expect(found.value.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("a rolled-back transaction leaves no image behind", async () => {
    let storedId = "";
    await expect(
      db.transaction(async (tx) => {
        storedId = await storeEvidence(tx, {
          tenant: acme,
          ownerType: "verification",
          ownerId: "case_rolled_back",
          role: "document",
          mimeType: "image/jpeg",
          bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
        });
        throw new Error("the owner's write failed");
      }),
    ).rejects.toThrow("the owner's write failed");
    expect(storedId).not.toBe("");
    expect((await getEvidenceFile(db, acme, storedId)).ok).toBe(false);
    expect(await listEvidence(db, acme, "verification", "case_rolled_back")).toEqual([]);
  });

  it("lists an owner's images oldest first, metadata only", async () => {
    const front = await storeEvidence(db, {
      tenant: acme,
      ownerType: "verification",
      ownerId: "case_a",
      role: "document",
      mimeType: "image/jpeg",
      bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9]),
    });
    // PGlite's clock can give two statements in one millisecond the same now(): "older" needs a later one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const back = await storeEvidence(db, {
      tenant: acme,
      ownerType: "verification",
      ownerId: "case_a",
      role: "back_side",
      mimeType: "image/jpeg",
      bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9]),
    });
    // Same owner id, other owner type: not this case's.
    await storeEvidence(db, {
      tenant: acme,
      ownerType: "risk_assessment",
      ownerId: "case_a",
      role: "face_scan",
      mimeType: "image/png",
      bytes: pngBytes(32),
    });
    const listed = await listEvidence(db, acme, "verification", "case_a");
    expect(listed.map((e) => [e.id, e.role, e.byteSize])).toEqual([
      [front, "document", 5],
      [back, "back_side", 6],
    ]);
    for (const item of listed) {
      expect(Object.keys(item).sort()).toEqual(["byteSize", "createdAt", "id", "mimeType", "role", "sha256"]);
    }
  });

  it("another team's or mode's image is not found, and not listed", async () => {
    const id = await storeEvidence(db, {
      tenant: acme,
      ownerType: "risk_assessment",
      ownerId: "risk_private",
      role: "face_scan",
      mimeType: "image/png",
      bytes: pngBytes(128),
    });
    for (const other of [globex, acmeSandbox]) {
      const found = await getEvidenceFile(db, other, id);
      expect(found.ok).toBe(false);
      if (!found.ok) expect(found.error.kind).toBe("not_found");
      expect(await listEvidence(db, other, "risk_assessment", "risk_private")).toEqual([]);
    }
    expect((await listEvidence(db, acme, "risk_assessment", "risk_private")).map((e) => e.id)).toEqual([id]);
    const unknown = await getEvidenceFile(db, acme, "evd_nope");
    expect(unknown.ok ? "found" : unknown.error.kind).toBe("not_found");
  });
});
