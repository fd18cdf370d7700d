import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { evidenceFiles } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";
import type { EvidenceOwnerType } from "./store-evidence";

/** What the console shows of an image without loading it (the bytes come from getEvidenceFile). */
export interface EvidenceSummary {
  id: string;
  role: string;
  mimeType: string;
  byteSize: number;
  sha256: string;
  createdAt: string;
}

/** The images of one case or assessment of the tenant, oldest first; metadata only. */
export async function listEvidence(db: Db, tenant: Tenant, ownerType: EvidenceOwnerType, ownerId: string): Promise<EvidenceSummary[]> {
  const rows = await db
    .select({
      id: evidenceFiles.id,
      role: evidenceFiles.role,
      mimeType: evidenceFiles.mimeType,
      byteSize: evidenceFiles.byteSize,
      sha256: evidenceFiles.sha256,
      createdAt: evidenceFiles.createdAt,
    })
    .from(evidenceFiles)
    .where(and(ofTenant(evidenceFiles, tenant), eq(evidenceFiles.ownerType, ownerType), eq(evidenceFiles.ownerId, ownerId)))
    .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
