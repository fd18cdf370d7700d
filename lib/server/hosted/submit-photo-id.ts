import type { Db } from "@/lib/db";
import type { PhotoIdResult } from "../documents";
import { loadDocumentEngine } from "./load-document-engine";
import { storeEvidence, type EvidenceMimeType } from "../evidence/store-evidence";
import { captureError, flowUrl } from "./capture-error";
import { claimIdentity } from "./claim-identity";
import { DOCUMENT_KINDS, type DocumentKind } from "./hosted-steps";
import { openCapture } from "./open-capture";
import { recordAttempt } from "./record-attempt";
import { errorReply, settledReply, type StepReply } from "./step-answer";
import { takeEngineSlot } from "./take-engine-slot";
import { uploadError } from "./upload-error";

export interface PhotoIdUpload {
  token: string;
  kind: string;
  front: Buffer | null;
  back: Buffer | null;
  now?: Date;
}

/**
 * The photo ID step: the document engine reads the front (and back) against the confirmed claim.
 * A capture it cannot read with certainty is a retake with the reason; a read document is the
 * step done, whatever its validations say (the decision weighs them). Every judgement is stored
 * with its images; the allowed number of failures ends in Locked out.
 */
export async function submitPhotoId(db: Db, input: PhotoIdUpload): Promise<StepReply> {
  const now = input.now ?? new Date();
  const opened = await openCapture(db, input.token, "photo_id", now);
  if (!opened.ok) return errorReply(opened.error);
  const flow = opened.value;
  if (!DOCUMENT_KINDS.includes(input.kind as DocumentKind)) return errorReply(captureError("invalid", "Choose a document type").error);
  const kind = input.kind as DocumentKind;
  if (!input.front) return errorReply(captureError("invalid", "The photo of the document is missing").error);
  const sides = [
    { role: "document" as const, bytes: input.front, field: "front" },
    ...(input.back ? [{ role: "back_side" as const, bytes: input.back, field: "back" }] : []),
  ];
  const engine = await loadDocumentEngine().catch(
    (error: unknown) => void console.error("[hosted] the document engine did not load:", error),
  );
  if (!engine)
    return errorReply(captureError("server", "The document could not be read right now; try again", { next: flowUrl(input.token) }).error);
  const mimeTypes: EvidenceMimeType[] = [];
  for (const side of sides) {
    const checked = await engine.checkDocumentUpload(side.bytes, side.field);
    if (!checked.ok) return errorReply(uploadError(checked.error));
    mimeTypes.push(checked.value.mimeType);
  }
  const slot = await takeEngineSlot(db, flow.verificationId, now);
  if (!slot.allowed)
    return errorReply(captureError("rate_limited", `Too many tries; wait ${Math.ceil(slot.retryAfterSeconds / 60)} minutes`).error);

  const started = performance.now();
  let read: PhotoIdResult;
  try {
    read = await engine.readPhotoId({ kind, front: input.front, back: input.back ?? undefined, claim: claimIdentity(flow.claim), now });
  } catch (error) {
    console.error("[hosted] photo ID engine failed:", error);
    return errorReply(captureError("server", "The document could not be read right now; try again", { next: flowUrl(input.token) }).error);
  }
  const durationMs = Math.round(performance.now() - started);
  const tenant = flow.tenant;
  const owner = { tenant, ownerType: "verification" as const, ownerId: flow.verificationId };
  const evidence: Record<string, string> = {};
  for (const [i, side] of sides.entries())
    evidence[side.role] = await storeEvidence(db, { ...owner, role: side.role, mimeType: mimeTypes[i]!, bytes: side.bytes });
  if (read.documentFace)
    evidence.document_face = await storeEvidence(db, {
      ...owner,
      role: "document_face",
      mimeType: "image/jpeg",
      bytes: read.documentFace.crop,
    });

  const settled = await recordAttempt(db, flow, {
    step: "photo_id",
    outcome: read.retake ? "retake" : "accepted",
    reason: read.retake?.reason ?? null,
    evidenceIds: Object.values(evidence),
    result: {
      kind,
      outcome: read.outcome,
      evidenceType: read.evidenceType,
      extractedDetails: read.extractedDetails,
      validations: read.validations,
      identity: read.identity,
      documentEmbedding: read.documentFace?.embedding ?? null,
      readBy: read.readBy,
      corrected: read.corrected,
      retake: read.retake,
      evidence,
      mimeTypes: Object.fromEntries(sides.map((s, i) => [s.role, mimeTypes[i]])),
    },
    durationMs,
    now,
  });
  return settledReply(input.token, settled, read.retake);
}
