import { asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { evidenceFiles, evidenceObjects } from "@/lib/db/schema";
import { getEvidenceKeyring } from "./evidence-keys";
import { openEvidence, sealedKeyId, sealEvidence } from "./seal-evidence";
import { getBlobStore } from "./stores/get-blob-store";

/**
 * Key rotation: re-encrypts every evidence file not sealed with the current key (and any plain
 * one kept from before encryption), so an old key can then be dropped from EVIDENCE_KEYS.
 */
export async function resealEvidence(
  db: Db,
  options: { batchSize?: number } = {},
): Promise<{ examined: number; resealed: number; unreadable: string[] }> {
  const keyring = getEvidenceKeyring();
  const store = getBlobStore();
  const batchSize = options.batchSize ?? 100;
  let after = "";
  let examined = 0;
  let resealed = 0;
  // A file that no longer opens (damaged, or its key already dropped) is reported, not fatal.
  const unreadable: string[] = [];
  for (;;) {
    const rows = await db
      .select({ id: evidenceFiles.id, data: evidenceFiles.data, objectKey: evidenceObjects.objectKey, backend: evidenceObjects.backend })
      .from(evidenceFiles)
      .leftJoin(evidenceObjects, eq(evidenceObjects.evidenceId, evidenceFiles.id))
      .where(gt(evidenceFiles.id, after))
      .orderBy(asc(evidenceFiles.id))
      .limit(batchSize);
    for (const row of rows) {
      examined++;
      const external = row.objectKey !== null && row.data.length === 0;
      if (external && (!store || store.backend !== row.backend)) continue;
      const sealed = external ? await store!.get(row.objectKey!) : row.data;
      if (sealedKeyId(sealed) === keyring.currentId) continue;
      let plain: Buffer;
      try {
        plain = openEvidence(keyring, row.id, sealed);
      } catch {
        unreadable.push(row.id);
        continue;
      }
      const again = sealEvidence(keyring, row.id, plain);
      if (external) await store!.put(row.objectKey!, again);
      else await db.update(evidenceFiles).set({ data: again }).where(eq(evidenceFiles.id, row.id));
      resealed++;
    }
    if (rows.length < batchSize) return { examined, resealed, unreadable };
    after = rows.at(-1)!.id;
  }
}
