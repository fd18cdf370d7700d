import { createHash } from "node:crypto";
import type { Db } from "@/lib/db";
import { evidenceFiles } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import type { Tenant } from "../shared/tenant";

export type EvidenceOwnerType = "verification" | "risk_assessment";
export type EvidenceRole = "face_scan" | "document" | "back_side";
export type EvidenceMimeType = "image/jpeg" | "image/png";

export interface StoreEvidenceOptions {
  tenant: Tenant;
  ownerType: EvidenceOwnerType;
  ownerId: string;
  role: EvidenceRole;
  /** Already judged by the caller from the magic bytes (never the client's declared type). */
  mimeType: EvidenceMimeType;
  /** Already checked by the caller against the 10 MB limit (spec 8). */
  bytes: Buffer;
}

/**
 * Keeps one image of a case or an assessment for review, in the tenant's partition. `db` may be
 * the caller's transaction, so the image is stored with (and only with) its owner.
 */
export async function storeEvidence(db: Db, options: StoreEvidenceOptions): Promise<string> {
  const id = newId("evd");
  await db.insert(evidenceFiles).values({
    id,
    teamId: options.tenant.teamId,
    mode: options.tenant.mode,
    ownerType: options.ownerType,
    ownerId: options.ownerId,
    role: options.role,
    mimeType: options.mimeType,
    byteSize: options.bytes.length,
    sha256: createHash("sha256").update(options.bytes).digest("hex"),
    data: options.bytes,
  });
  return id;
}
