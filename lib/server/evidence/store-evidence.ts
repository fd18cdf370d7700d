import { createHash } from "node:crypto";
import type { Db } from "@/lib/db";
import { evidenceFiles, evidenceObjects } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import type { Tenant } from "../shared/tenant";
import { getEvidenceKeyring } from "./evidence-keys";
import { sealEvidence } from "./seal-evidence";
import { getBlobStore } from "./stores/get-blob-store";

export type EvidenceOwnerType = "verification" | "risk_assessment";
/**
 * document / back_side / face_scan: the wire's artefact roles (wire-details); the hosted flow adds
 * the document's portrait crop, the selfie kept from the challenge and address documents.
 */
export type EvidenceRole = "face_scan" | "document" | "back_side" | "document_face" | "selfie_frame" | "address_document";
export type EvidenceMimeType = "image/jpeg" | "image/png" | "application/pdf";

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
 * Keeps one file of a case or an assessment for review, in the tenant's partition, encrypted at
 * rest (AES-256-GCM, current key id). `db` may be the caller's transaction, so the file's row is
 * stored with (and only with) its owner. With a folder or S3 store the sealed bytes go there first
 * and the row points at them (a rolled-back row leaves an unreadable object, never a dangling row).
 */
export async function storeEvidence(db: Db, options: StoreEvidenceOptions): Promise<string> {
  const id = newId("evd");
  const sealed = sealEvidence(getEvidenceKeyring(), id, options.bytes);
  const store = getBlobStore();
  if (store) {
    const objectKey = `${options.tenant.teamId}/${options.tenant.mode}/${id}`;
    await store.put(objectKey, sealed);
    await db
      .insert(evidenceObjects)
      .values({ evidenceId: id, teamId: options.tenant.teamId, mode: options.tenant.mode, backend: store.backend, objectKey });
  }
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
    data: store ? Buffer.alloc(0) : sealed,
  });
  return id;
}
