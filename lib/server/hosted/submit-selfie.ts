import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedAttempts, hostedChallenges } from "@/lib/db/schema";
import { SELFIE_MAX_FRAMES, type ChallengeStep, type SelfieFrame, type judgeSelfie } from "../liveness";
import { loadDocumentEngine } from "./load-document-engine";
import { detectImageType } from "../risk/check-face-scan";
import { storeEvidence } from "../evidence/store-evidence";
import { captureError, flowUrl } from "./capture-error";
import type { StoredCaptureSignals } from "./capture-signals";
import { openCapture } from "./open-capture";
import { recordAttempt } from "./record-attempt";
import { errorReply, settledReply, type StepReply } from "./step-answer";
import { takeEngineSlot } from "./take-engine-slot";

/** One frame is a ≤ 640 px JPEG; anything near this is not a frame the recorder made. */
export const SELFIE_FRAME_MAX_BYTES = 1024 * 1024;

export interface SelfieUpload {
  token: string;
  challengeId: string;
  frames: SelfieFrame[];
  /** What the browser said about its camera (capture-signals.ts): stored for staff, never judged. */
  captureSignals?: StoredCaptureSignals;
  now?: Date;
}

/**
 * The video selfie step: the frames recorded during the server's challenge are judged (the
 * challenge followed, one person throughout, soft anti-spoof) and the kept face is matched with
 * the document's. Liveness failed, a face that does not match, or a capture to retake each cost an
 * attempt; a match in the review band passes the step and is weighed by the decision.
 */
export async function submitSelfie(db: Db, input: SelfieUpload): Promise<StepReply> {
  const now = input.now ?? new Date();
  const opened = await openCapture(db, input.token, "video_selfie", now);
  if (!opened.ok) return errorReply(opened.error);
  const flow = opened.value;
  const invalid = (message: string) => errorReply(captureError("invalid", message).error);
  if (input.frames.length === 0) return invalid("No frames were sent");
  if (input.frames.length > SELFIE_MAX_FRAMES + 5) return invalid(`At most ${SELFIE_MAX_FRAMES} frames`);
  for (const frame of input.frames) {
    if (frame.image.length > SELFIE_FRAME_MAX_BYTES) return errorReply(captureError("file_too_large", "A frame is larger than 1 MB").error);
    if (!detectImageType(frame.image)) return errorReply(captureError("wrong_file_type", "Frames must be JPEG or PNG images").error);
  }
  // Claim the challenge first: two uploads racing for one challenge get one judgement.
  const [challenge] = await db
    .update(hostedChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(hostedChallenges.id, input.challengeId),
        eq(hostedChallenges.verificationId, flow.verificationId),
        isNull(hostedChallenges.usedAt),
        gt(hostedChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (!challenge)
    return errorReply(
      captureError("invalid", "This challenge has expired or was already used; start again", { next: flowUrl(input.token) }).error,
    );
  const steps = challenge.steps as ChallengeStep[];
  if (input.frames.some((f) => !Number.isInteger(f.step) || f.step < -1 || f.step >= steps.length || !Number.isFinite(f.t) || f.t < 0)) {
    await db.update(hostedChallenges).set({ usedAt: null }).where(eq(hostedChallenges.id, challenge.id));
    return invalid("The frames do not fit the challenge");
  }
  const slot = await takeEngineSlot(db, flow.verificationId, now);
  if (!slot.allowed) {
    await db.update(hostedChallenges).set({ usedAt: null }).where(eq(hostedChallenges.id, challenge.id));
    return errorReply(captureError("rate_limited", "Too many tries; wait a while").error);
  }

  const documentEmbedding = await acceptedDocumentEmbedding(db, flow.session.accepted.photo_id);
  const started = performance.now();
  let judged: Awaited<ReturnType<typeof judgeSelfie>>;
  try {
    // In the engine's worker pool: ~3 s of one core that must not stall the request thread.
    judged = await (await loadDocumentEngine()).judgeSelfieOffThread({ challenge: steps, frames: input.frames, documentEmbedding });
  } catch (error) {
    console.error("[hosted] selfie judge failed:", error);
    // The same frames may be sent again: the challenge is given back.
    await db.update(hostedChallenges).set({ usedAt: null }).where(eq(hostedChallenges.id, challenge.id));
    return errorReply(captureError("server", "The selfie could not be checked right now; send it again").error);
  }
  const durationMs = Math.round(performance.now() - started);
  const evidence: Record<string, string> = {};
  if (judged.bestFrame) {
    evidence.face_scan = await storeEvidence(db, {
      tenant: flow.tenant,
      ownerType: "verification",
      ownerId: flow.verificationId,
      role: "face_scan",
      mimeType: "image/jpeg",
      bytes: judged.bestFrame,
    });
  }
  const faceMismatch = judged.faceMatch?.status === "fail";
  const retake =
    judged.retake ??
    (judged.liveness.status === "fail"
      ? { reason: "challenge_not_followed", message: judged.liveness.reasons.join("; ") || "The challenge was not followed" }
      : null) ??
    (faceMismatch ? { reason: "face_mismatch", message: "Your face does not match the photo on your document" } : null);
  const outcome = judged.retake ? "retake" : retake ? "failed" : "accepted";
  const settled = await recordAttempt(db, flow, {
    step: "video_selfie",
    outcome,
    reason: retake?.reason ?? null,
    evidenceIds: Object.values(evidence),
    result: {
      challenge: steps,
      liveness: judged.liveness,
      faceMatch: judged.faceMatch,
      embedding: judged.embedding,
      details: judged.details,
      frames: input.frames.length,
      evidence,
      captureSignals: input.captureSignals ?? { status: "not_sent" },
    },
    durationMs,
    now,
  });
  return settledReply(input.token, settled, retake);
}

async function acceptedDocumentEmbedding(db: Db, attemptId: string | undefined): Promise<number[] | null> {
  if (!attemptId) return null;
  const [row] = await db.select({ result: hostedAttempts.result }).from(hostedAttempts).where(eq(hostedAttempts.id, attemptId)).limit(1);
  const embedding = row?.result.documentEmbedding;
  return Array.isArray(embedding) ? (embedding as number[]) : null;
}
