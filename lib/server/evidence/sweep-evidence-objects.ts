import { and, asc, eq, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { evidenceFiles, evidenceObjects } from "@/lib/db/schema";
import { getBlobStore } from "./stores/get-blob-store";

/**
 * Deletes the stored objects whose evidence row is gone (retention, a deleted case, a rolled-back
 * store), then their pointer rows. Objects younger than `graceMs` are left: their row may still be
 * on its way in an open transaction.
 */
export async function sweepEvidenceObjects(db: Db, options: { now?: Date; graceMs?: number; batchSize?: number } = {}): Promise<number> {
  const store = getBlobStore();
  if (!store) return 0;
  const before = new Date((options.now ?? new Date()).getTime() - (options.graceMs ?? 10 * 60_000));
  let deleted = 0;
  for (;;) {
    const orphans = await db
      .select({ evidenceId: evidenceObjects.evidenceId, objectKey: evidenceObjects.objectKey })
      .from(evidenceObjects)
      .where(
        and(
          eq(evidenceObjects.backend, store.backend),
          lt(evidenceObjects.createdAt, before),
          notExists(
            db
              .select({ one: sql`1` })
              .from(evidenceFiles)
              .where(eq(evidenceFiles.id, evidenceObjects.evidenceId)),
          ),
        ),
      )
      .orderBy(asc(evidenceObjects.createdAt))
      .limit(options.batchSize ?? 200);
    for (const orphan of orphans) {
      await store.delete(orphan.objectKey);
      await db.delete(evidenceObjects).where(eq(evidenceObjects.evidenceId, orphan.evidenceId));
      deleted++;
    }
    if (orphans.length < (options.batchSize ?? 200)) return deleted;
  }
}
