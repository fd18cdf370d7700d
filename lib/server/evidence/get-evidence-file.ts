import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { evidenceFiles } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import type { EvidenceSummary } from "./list-evidence";
import { readEvidenceBytes } from "./read-evidence-bytes";

export interface EvidenceFileContent extends EvidenceSummary {
  ownerType: string;
  ownerId: string;
  bytes: Buffer;
}

/** One file with its plain bytes (decrypted); another team's or mode's is "not found" (never "forbidden"). */
export async function getEvidenceFile(db: Db, tenant: Tenant, id: string): Promise<Result<EvidenceFileContent>> {
  const [row] = await db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.id, id), ofTenant(evidenceFiles, tenant)))
    .limit(1);
  if (!row) return fail("not_found", `Evidence file ${id} not found`);
  return ok({
    id: row.id,
    ownerType: row.ownerType,
    ownerId: row.ownerId,
    role: row.role,
    mimeType: row.mimeType,
    byteSize: row.byteSize,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    bytes: await readEvidenceBytes(db, row),
  });
}
