import type { Db } from "@/lib/db";
import type { SupportingResult } from "../documents";
import { loadDocumentEngine } from "./load-document-engine";
import { storeEvidence, type EvidenceMimeType } from "../evidence/store-evidence";
import { captureError, flowUrl } from "./capture-error";
import { claimIdentity } from "./claim-identity";
import { addressDocumentsRequired } from "./hosted-steps";
import { openCapture } from "./open-capture";
import { recordAttempt } from "./record-attempt";
import { errorReply, settledReply, type StepReply } from "./step-answer";
import { takeEngineSlot } from "./take-engine-slot";
import { uploadError } from "./upload-error";

/** Address documents older than this fail their date validation (the usual "last 3 months"). */
export const ADDRESS_MAX_AGE_DAYS = 92;

/**
 * The address step: one or two documents (photo or PDF; two from different senders when the
 * workflow is address only), each read by the document engine and compared with the claim's
 * name and address. Any document the engine asks to retake makes the
 * attempt a retake (the person keeps both files and replaces one).
 */
export async function submitAddressEvidence(db: Db, input: { token: string; documents: Buffer[]; now?: Date }): Promise<StepReply> {
  const now = input.now ?? new Date();
  const opened = await openCapture(db, input.token, "address_evidence", now);
  if (!opened.ok) return errorReply(opened.error);
  const flow = opened.value;
  const required = addressDocumentsRequired(flow.steps);
  if (input.documents.length === 0) return errorReply(captureError("invalid", "Choose a document to send").error);
  if (input.documents.length < required) return errorReply(captureError("invalid", "Send two different documents").error);
  if (input.documents.length > 2) return errorReply(captureError("invalid", "Send at most two documents").error);
  const engine = await loadDocumentEngine().catch(
    (error: unknown) => void console.error("[hosted] the document engine did not load:", error),
  );
  if (!engine)
    return errorReply(captureError("server", "The document could not be read right now; try again", { next: flowUrl(input.token) }).error);
  const mimeTypes: EvidenceMimeType[] = [];
  for (const [i, document] of input.documents.entries()) {
    const checked = await engine.checkDocumentUpload(document, `document ${i + 1}`, { allowPdf: true });
    if (!checked.ok) return errorReply(uploadError(checked.error));
    mimeTypes.push(checked.value.mimeType);
  }
  const slot = await takeEngineSlot(db, flow.verificationId, now);
  if (!slot.allowed) return errorReply(captureError("rate_limited", "Too many tries; wait a while").error);

  const started = performance.now();
  const claim = claimIdentity(flow.claim);
  const reads: SupportingResult[] = [];
  try {
    for (const document of input.documents)
      reads.push(await engine.readSupportingDocument({ document, claim, maxAgeDays: ADDRESS_MAX_AGE_DAYS, now }));
  } catch (error) {
    console.error("[hosted] supporting document engine failed:", error);
    return errorReply(captureError("server", "The document could not be read right now; try again", { next: flowUrl(input.token) }).error);
  }
  const durationMs = Math.round(performance.now() - started);
  const documents = [];
  for (const [i, read] of reads.entries()) {
    const evidenceId = await storeEvidence(db, {
      tenant: flow.tenant,
      ownerType: "verification",
      ownerId: flow.verificationId,
      role: "address_document",
      mimeType: mimeTypes[i]!,
      bytes: input.documents[i]!,
    });
    documents.push({
      evidenceId,
      mimeType: mimeTypes[i]!,
      outcome: read.outcome,
      evidenceType: read.evidenceType,
      extractedDetails: read.extractedDetails,
      validations: read.validations,
      retake: read.retake,
    });
  }
  const retake =
    reads.find((r) => r.retake)?.retake ??
    (required === 2 && sameDocument(reads)
      ? { reason: "same_document", message: "Both files are the same document: send two from different senders" }
      : null);
  const settled = await recordAttempt(db, flow, {
    step: "address_evidence",
    outcome: retake ? "retake" : "accepted",
    reason: retake?.reason ?? null,
    evidenceIds: documents.map((d) => d.evidenceId),
    result: { documents },
    durationMs,
    now,
  });
  return settledReply(input.token, settled, retake);
}

type Read = { extractedDetails: { issuer: string | null; unique_identifier: string | null; document_date: string | null } };

/** Two reads of one document (the same file twice, or two photos of one bill): same issuer, or same reference and date. */
function sameDocument(reads: Read[]): boolean {
  const [a, b] = reads.map((r) => r.extractedDetails);
  if (!a || !b) return false;
  const sameIssuer = !!a.issuer && a.issuer.toLowerCase() === b.issuer?.toLowerCase();
  const sameReference = !!a.unique_identifier && a.unique_identifier === b.unique_identifier && a.document_date === b.document_date;
  return sameIssuer || sameReference;
}
