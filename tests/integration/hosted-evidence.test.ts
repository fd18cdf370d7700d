import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { evidenceFiles, evidenceObjects } from "@/lib/db/schema";
import { parseEvidenceKeys, setEvidenceKeyring } from "@/lib/server/evidence/evidence-keys";
import { getEvidenceFile } from "@/lib/server/evidence/get-evidence-file";
import { resealEvidence } from "@/lib/server/evidence/reseal-evidence";
import { sealedKeyId } from "@/lib/server/evidence/seal-evidence";
import { storeEvidence } from "@/lib/server/evidence/store-evidence";
import { folderStore } from "@/lib/server/evidence/stores/folder-store";
import { setBlobStore } from "@/lib/server/evidence/stores/get-blob-store";
import { sweepEvidenceObjects } from "@/lib/server/evidence/sweep-evidence-objects";
import type { Tenant } from "@/lib/server/shared/tenant";
import { createTeam } from "@/lib/server/teams/create-team";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const keyA = randomBytes(32).toString("base64");
const keyB = randomBytes(32).toString("base64");
const ringA = parseEvidenceKeys({ EVIDENCE_KEYS: `a:${keyA}` })!;
const ringAB = parseEvidenceKeys({ EVIDENCE_KEYS: `a:${keyA},b:${keyB}`, EVIDENCE_KEY_ID: "b" })!;
const ringB = parseEvidenceKeys({ EVIDENCE_KEYS: `b:${keyB}` })!;

function jpeg(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(bytes);
  return bytes;
}

describeEngines("evidence at rest on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let tenant: Tenant;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "verity-evidence-"));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    const team = await createTeam(db, { name: "Acme", actor: { type: "system" } });
    if (!team.ok) throw new Error(team.error.message);
    tenant = { teamId: team.value.id, mode: "live" };
  });
  afterEach(() => {
    setEvidenceKeyring(null);
    setBlobStore(undefined);
  });
  afterAll(async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    await database?.dispose();
  });

  const store = (bytes: Buffer, ownerId = "case_1") =>
    storeEvidence(db, { tenant, ownerType: "verification", ownerId, role: "document", mimeType: "image/jpeg", bytes });
  const raw = async (id: string) => (await db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id)))[0]!;

  it("keeps the bytes encrypted in the row (AES-256-GCM under the key id) and gives back the exact plain bytes", async () => {
    setEvidenceKeyring(ringA);
    const bytes = jpeg(20_000);
    const id = await store(bytes);
    const row = await raw(id);
    expect(row.data.subarray(0, 4).toString("latin1")).toBe("VEV1");
    expect(sealedKeyId(row.data)).toBe("a");
    // Neither the file nor any 32-byte piece of it appears in what is stored.
    expect(row.data.includes(bytes.subarray(1000, 1032))).toBe(false);
    expect(row.data.length).toBe(bytes.length + 4 + 1 + 1 + 12 + 16);
    const found = await getEvidenceFile(db, tenant, id);
    expect(found.ok && found.value.bytes.equals(bytes)).toBe(true);
  });

  it("refuses a sealed blob moved onto another file's row (the id is bound in)", async () => {
    setEvidenceKeyring(ringA);
    const first = await store(jpeg(500));
    const second = await store(jpeg(500));
    await db
      .update(evidenceFiles)
      .set({ data: (await raw(first)).data })
      .where(eq(evidenceFiles.id, second));
    await expect(getEvidenceFile(db, tenant, second)).rejects.toThrow();
  });

  it("rotates keys by id: old files stay readable, reseal moves them to the current key, then the old key can go", async () => {
    setEvidenceKeyring(ringA);
    const bytes = jpeg(3000);
    const id = await store(bytes, "case_rotate");
    setEvidenceKeyring(ringAB);
    const fresh = await store(jpeg(3000), "case_rotate");
    expect(sealedKeyId((await raw(fresh)).data)).toBe("b");
    const old = await getEvidenceFile(db, tenant, id);
    expect(old.ok && old.value.bytes.equals(bytes)).toBe(true);
    const report = await resealEvidence(db);
    expect(report.resealed).toBeGreaterThanOrEqual(1);
    expect(sealedKeyId((await raw(id)).data)).toBe("b");
    setEvidenceKeyring(ringB);
    const after = await getEvidenceFile(db, tenant, id);
    expect(after.ok && after.value.bytes.equals(bytes)).toBe(true);
  });

  it("reads plain rows stored before encryption at rest", async () => {
    setEvidenceKeyring(ringA);
    const bytes = jpeg(100);
    const id = await store(bytes, "case_legacy");
    await db.update(evidenceFiles).set({ data: bytes }).where(eq(evidenceFiles.id, id));
    const found = await getEvidenceFile(db, tenant, id);
    expect(found.ok && found.value.bytes.equals(bytes)).toBe(true);
  });

  it("keeps sealed objects in a folder store, and the sweep deletes the object once retention removed its row", async () => {
    setEvidenceKeyring(ringA);
    setBlobStore(folderStore(folder));
    const bytes = jpeg(4000);
    const id = await store(bytes, "case_folder");
    expect((await raw(id)).data.length).toBe(0);
    const file = path.join(folder, tenant.teamId, "live", id);
    const onDisk = fs.readFileSync(file);
    expect(onDisk.subarray(0, 4).toString("latin1")).toBe("VEV1");
    expect(onDisk.includes(bytes.subarray(100, 132))).toBe(false);
    const found = await getEvidenceFile(db, tenant, id);
    expect(found.ok && found.value.bytes.equals(bytes)).toBe(true);

    // A young object whose row is still there stays; once the row is gone the sweep removes both.
    expect(await sweepEvidenceObjects(db, { graceMs: 0 })).toBe(0);
    await db.delete(evidenceFiles).where(eq(evidenceFiles.id, id));
    expect(await sweepEvidenceObjects(db, { graceMs: 60_000 })).toBe(0);
    expect(await sweepEvidenceObjects(db, { graceMs: 0 })).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
    expect(await db.select().from(evidenceObjects).where(eq(evidenceObjects.evidenceId, id))).toHaveLength(0);
  });
});
