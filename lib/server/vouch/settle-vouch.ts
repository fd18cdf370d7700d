import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedAttempts, hostedSessions, verifications, vouches, type Vouch } from "@/lib/db/schema";
import { normalizeText } from "../aml/matching/normalize";
import { faceSimilarity } from "../faces/compare-faces";
import { loadDocumentEngine } from "../hosted/load-document-engine";
import { loadHostedFlow } from "../hosted/load-hosted-flow";
import { recordAttempt } from "../hosted/record-attempt";
import { CONFIRM_ITEMS } from "./referee-rules";

/**
 * A referee's case has been decided (or locked out): the person's case learns the result. Only a
 * referee whose own checks passed (Verified) can vouch: a locked-out or refused referee leaves the
 * person's case waiting for another referee (the spec's 999). A referee whose document shows the
 * person's own name and date of birth is the person and is refused. Every answer "yes" makes the
 * vouch step done on the person's case (which may complete it); anything else is a failed vouch.
 */
export async function settleVouch(db: Db, refereeVerificationId: string, now = new Date()): Promise<Vouch["status"] | null> {
  const [row] = await db
    .select({ vouch: vouches, refereeStatus: verifications.status })
    .from(vouches)
    .innerJoin(verifications, eq(verifications.id, vouches.refereeVerificationId))
    .where(eq(vouches.refereeVerificationId, refereeVerificationId))
    .limit(1);
  if (!row || row.vouch.status !== "invited") return null;
  const { vouch, refereeStatus } = row;
  const end = async (status: string, reason: string | null) => {
    await db
      .update(vouches)
      .set({ status, reason, updatedAt: now })
      .where(and(eq(vouches.id, vouch.id), eq(vouches.status, "invited")));
    return status;
  };
  if (refereeStatus === "LockedOut") return end("locked_out", "The referee failed their own video selfie on every attempt");
  if (refereeStatus !== "Verified")
    return refereeStatus === "InProgress" || refereeStatus === "ReadyForReview"
      ? null
      : end("failed", "The referee's own checks did not pass");

  const [person] = await db.select().from(verifications).where(eq(verifications.id, vouch.verificationId)).limit(1);
  if (!person) return null;
  if (await sameIdentity(db, refereeVerificationId, person.claimDetails as Record<string, string | null>))
    return end("refused", "The referee's document is the person's own: a person cannot vouch for themselves");
  if (await sameFace(db, refereeVerificationId, person.id))
    return end("refused", "The referee's selfie is the person's face: a person cannot vouch for themselves");
  const answers = vouch.answers ?? {};
  const unconfirmed = [...CONFIRM_ITEMS, ...(answers.photo ? ["photo"] : [])].filter((item) => answers[item] !== "yes");
  if (unconfirmed.length) return end("declined", `The referee did not confirm: ${unconfirmed.join(", ")}`);

  const [session] = await db.select().from(hostedSessions).where(eq(hostedSessions.verificationId, person.id)).limit(1);
  const flow = session ? await loadHostedFlow(db, person.hostedToken, now) : null;
  if (!flow || flow.screen.kind !== "vouch") return end("failed", "The person's case no longer waits for a vouch");
  await end("vouched", null);
  await recordAttempt(db, flow, {
    step: flow.screen.step,
    outcome: "accepted",
    evidenceIds: [],
    result: {
      vouch: {
        id: vouch.id,
        kind: vouch.kind,
        refereeVerificationId,
        relationship: vouch.relationship,
        knownYears: Number(vouch.knownYears),
        profession: vouch.profession,
        answers,
      },
    },
    now,
  });
  return "vouched";
}

/** The referee's accepted document names the person (same folded name and date of birth). */
async function sameIdentity(db: Db, refereeVerificationId: string, claim: Record<string, string | null>): Promise<boolean> {
  const [photo] = await db
    .select({ result: hostedAttempts.result })
    .from(hostedAttempts)
    .where(
      and(
        eq(hostedAttempts.verificationId, refereeVerificationId),
        eq(hostedAttempts.step, "photo_id"),
        eq(hostedAttempts.outcome, "accepted"),
      ),
    )
    .limit(1);
  const identity = (
    photo?.result as { identity?: { firstName?: string | null; lastName?: string | null; dateOfBirth?: string | null } } | undefined
  )?.identity;
  if (!identity?.lastName || !identity.dateOfBirth || !claim.last_name || !claim.date_of_birth) return false;
  const first = (s: string | null | undefined) => normalizeText(s ?? "").split(" ")[0] ?? "";
  return (
    identity.dateOfBirth === claim.date_of_birth &&
    normalizeText(identity.lastName) === normalizeText(claim.last_name) &&
    first(identity.firstName) === first(claim.first_name)
  );
}

/** The accepted selfie's embedding of a case, if it has one (workflows without a selfie have none). */
async function selfieEmbedding(db: Db, verificationId: string): Promise<number[] | null> {
  const [row] = await db
    .select({ result: hostedAttempts.result })
    .from(hostedAttempts)
    .where(
      and(
        eq(hostedAttempts.verificationId, verificationId),
        eq(hostedAttempts.step, "video_selfie"),
        eq(hostedAttempts.outcome, "accepted"),
      ),
    )
    .limit(1);
  const embedding = (row?.result as { embedding?: unknown } | undefined)?.embedding;
  return Array.isArray(embedding) ? (embedding as number[]) : null;
}

/** Referee and person show the same face (at the face match's review band or above: too close to call them two people). */
async function sameFace(db: Db, refereeVerificationId: string, personVerificationId: string): Promise<boolean> {
  const [referee, person] = await Promise.all([selfieEmbedding(db, refereeVerificationId), selfieEmbedding(db, personVerificationId)]);
  if (!referee || !person) return false;
  const { FACE_MATCH_REVIEW } = await loadDocumentEngine();
  return faceSimilarity(referee, person) >= FACE_MATCH_REVIEW;
}
