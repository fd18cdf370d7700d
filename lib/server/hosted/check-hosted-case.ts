import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedAttempts, hostedSessions, verifications } from "@/lib/db/schema";
import { getEvidenceFile } from "../evidence/get-evidence-file";
import { recordObservation } from "../network/record-observation";
import type { Tenant } from "../shared/tenant";
import { applyTransition } from "../verifications/apply-transition";
import { assessCaseRisk } from "./assess-case-risk";
import { caseSettled } from "./case-settled";
import { addressChecks, photoIdCheck, videoSelfieCheck, vouchCheck, type Check } from "./build-hosted-checks";

export type CheckDecision = "pass" | "flag" | "skipped";

const CHECK_ACTOR = { type: "system" as const, id: "hosted-checks" };

/**
 * The check job of one submitted case: the accepted attempts become `checks` (spec 2.4), the live
 * risk engine screens the document's identity and the selfie, and the state machine decides:
 * everything passed → Verified; anything raised → Refused (Needs review). Checks, enrichments,
 * the network's record of the case and the decision are written in one transaction. Safe to run
 * again: a case no longer ReadyForReview is only marked checked.
 */
export async function checkHostedCase(db: Db, verificationId: string, now = new Date()): Promise<CheckDecision> {
  const [row] = await db
    .select({ v: verifications, s: hostedSessions })
    .from(verifications)
    .innerJoin(hostedSessions, eq(hostedSessions.verificationId, verifications.id))
    .where(eq(verifications.id, verificationId))
    .limit(1);
  if (!row) return "skipped";
  const { v, s } = row;
  const tenant: Tenant = { teamId: v.teamId, mode: v.mode };
  const markChecked = (tx: Db) =>
    tx
      .update(hostedSessions)
      .set({ checkedAt: now, checksLeaseUntil: null, updatedAt: now })
      .where(eq(hostedSessions.verificationId, v.id));
  if (v.status !== "ReadyForReview") {
    await markChecked(db);
    return "skipped";
  }
  const acceptedIds = Object.values(s.accepted);
  const accepted = acceptedIds.length
    ? await db
        .select()
        .from(hostedAttempts)
        .where(and(eq(hostedAttempts.verificationId, v.id), inArray(hostedAttempts.id, acceptedIds)))
    : [];
  const byStep = new Map(accepted.map((a) => [a.step, a]));
  const checks: Check[] = [];
  const photo = byStep.get("photo_id");
  if (photo) checks.push(photoIdCheck(photo));
  const selfie = byStep.get("video_selfie");
  if (selfie) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(hostedAttempts)
      .where(and(eq(hostedAttempts.verificationId, v.id), eq(hostedAttempts.step, "video_selfie")));
    checks.push(videoSelfieCheck(selfie, Number(counted?.n ?? 1)));
  }
  const address = byStep.get("address_evidence");
  if (address) checks.push(...addressChecks(address));
  const vouch = byStep.get("vouch") ?? byStep.get("professional_vouch");
  if (vouch) checks.push(vouchCheck(vouch));

  const claim = v.claimDetails as Record<string, string | undefined>;
  const documentIdentity = (photo?.result.identity ?? null) as {
    firstName?: string | null;
    lastName?: string | null;
    dateOfBirth?: string | null;
  } | null;
  const identity = {
    firstName: documentIdentity?.firstName || claim.first_name || "",
    lastName: documentIdentity?.lastName || claim.last_name || "",
    dateOfBirth: documentIdentity?.dateOfBirth || claim.date_of_birth || "",
  };
  const faceId = (selfie?.result.evidence as Record<string, string> | undefined)?.face_scan;
  const face = faceId ? await getEvidenceFile(db, tenant, faceId) : null;
  const risk =
    identity.firstName && identity.lastName && /^\d{4}-\d{2}-\d{2}$/.test(identity.dateOfBirth)
      ? await assessCaseRisk(db, { tenant, verification: v, identity, face: face?.ok ? face.value.bytes : null, now }).catch(
          (error: unknown) => {
            console.error("[hosted] risk assessment of a case failed:", error);
            return null;
          },
        )
      : null;
  const enrichments = [risk?.enrichment ?? { check: "radar", outcome: "error", validations: {} }];
  const raised = checks.length === 0 || checks.some((c) => c.outcome !== "pass") || enrichments.some((e) => e.outcome !== "pass");
  const decided = await applyTransition(db, {
    tenant,
    verificationId: v.id,
    action: raised ? "flag" : "pass",
    actor: CHECK_ACTOR,
    expectedStatus: "ReadyForReview",
    note: raised ? raisedNote(checks, enrichments) : "Every check passed",
    now,
    alongside: async (tx) => {
      await tx.update(verifications).set({ checks, enrichments, updatedAt: now }).where(eq(verifications.id, v.id));
      if (risk?.observation)
        await recordObservation(tx, { teamId: v.teamId, source: "verification", sourceId: v.id, ...risk.observation, now });
      await markChecked(tx);
    },
  });
  if (!decided.ok) {
    await markChecked(db);
    return "skipped";
  }
  // The workflow learns of the decision (a referee's: the person they vouch for hears of it, issue 13).
  await caseSettled(db, { workflowId: v.workflowId, verificationId: v.id, now });
  return raised ? "flag" : "pass";
}

function raisedNote(
  checks: Check[],
  enrichments: { check: string; outcome: string; validations: Record<string, { status: string }> }[],
): string {
  const failed = [
    ...checks.flatMap((c) =>
      Object.entries((c.validations ?? {}) as Record<string, { status: string }>)
        .filter(([, val]) => val.status === "fail")
        .map(([name]) => `${c.step}.${name}`),
    ),
    ...enrichments.flatMap((e) =>
      e.outcome === "pass"
        ? []
        : Object.entries(e.validations)
            .filter(([, val]) => val.status === "fail")
            .map(([name]) => `${e.check}.${name}`)
            .concat(e.outcome === "error" ? [`${e.check} not performed`] : []),
    ),
  ];
  return `Needs review: ${failed.length ? failed.join(", ") : "a check did not pass"}`;
}
