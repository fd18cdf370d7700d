import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { evidenceObjects } from "@/lib/db/schema";
import { getEvidenceKeyring } from "./evidence-keys";
import { openEvidence } from "./seal-evidence";
import { getBlobStore } from "./stores/get-blob-store";

/** The plain bytes of one evidence row (its sealed `data`, or the object it points at). */
export async function readEvidenceBytes(db: Db, row: { id: string; data: Buffer }): Promise<Buffer> {
  let sealed = row.data;
  if (sealed.length === 0) {
    const [object] = await db.select().from(evidenceObjects).where(eq(evidenceObjects.evidenceId, row.id)).limit(1);
    if (object) {
      const store = getBlobStore();
      if (!store || store.backend !== object.backend)
        throw new Error(`Evidence ${row.id} is in the ${object.backend} store, which this process is not configured for`);
      sealed = await store.get(object.objectKey);
    }
  }
  return openEvidence(getEvidenceKeyring(), row.id, sealed);
}
