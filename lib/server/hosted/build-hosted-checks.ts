import type { HostedAttempt } from "@/lib/db/schema";

// The case's `checks` in the spec 2.4 shape (real-api.md: StepIdentityPhotoIdApi, VideoSelfieCheckApi,
// StepAddressSupportingDocumentApi), built from the accepted attempts the engines judged.

type Artefact = { role: "document" | "back_side" | "face_scan"; key: string; mime_type: string };
export type Check = Record<string, unknown> & { step: string; outcome: "pass" | "fail" };

type Validation = { status: string; score?: number; failed_reasons?: string[] };

function outcomeOf(validations: Record<string, Validation>): "pass" | "fail" {
  return Object.values(validations).some((v) => v.status === "fail") ? "fail" : "pass";
}

export function photoIdCheck(attempt: HostedAttempt): Check {
  const r = attempt.result as {
    evidenceType: string;
    outcome: "pass" | "fail";
    extractedDetails: Record<string, unknown>;
    validations: Record<string, Validation>;
    evidence: Record<string, string>;
    mimeTypes?: Record<string, string>;
  };
  const artefacts: Artefact[] = (["document", "back_side"] as const)
    .filter((role) => r.evidence[role])
    .map((role) => ({ role, key: r.evidence[role]!, mime_type: r.mimeTypes?.[role] ?? "image/jpeg" }));
  return {
    step: "step_identity",
    outcome: r.outcome === "pass" && outcomeOf(r.validations) === "pass" ? "pass" : "fail",
    method: "photo_id",
    evidence_type: r.evidenceType,
    created_at: attempt.createdAt.toISOString(),
    extracted_details: r.extractedDetails,
    validations: r.validations,
    artefacts,
  };
}

export function videoSelfieCheck(attempt: HostedAttempt, totalAttempts: number): Check {
  const r = attempt.result as {
    liveness: { status: "pass" | "fail"; score: number; reasons: string[] };
    faceMatch: { status: "pass" | "review" | "fail"; score: number } | null;
    evidence: Record<string, string>;
  };
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const faceMatch: Validation = !r.faceMatch
    ? { status: "not_performed", failed_reasons: ["NO_DOCUMENT_FACE"] }
    : r.faceMatch.status === "pass"
      ? { status: "pass", score: round(r.faceMatch.score) }
      : // The wire knows pass and fail: a match in the review band fails and says why.
        {
          status: "fail",
          score: round(r.faceMatch.score),
          failed_reasons: [r.faceMatch.status === "review" ? "FACE_MATCH_NEEDS_REVIEW" : "FACE_MISMATCH"],
        };
  const liveness: Validation = {
    status: r.liveness.status,
    score: round(r.liveness.score),
    ...(r.liveness.reasons.length ? { failed_reasons: r.liveness.reasons } : {}),
  };
  return {
    step: "video_selfie",
    outcome: liveness.status === "pass" && faceMatch.status !== "fail" ? "pass" : "fail",
    method: "video_selfie",
    created_at: attempt.createdAt.toISOString(),
    total_attempts: totalAttempts,
    validations: { liveness_check: liveness, face_match: faceMatch },
    artefacts: r.evidence.face_scan ? [{ role: "face_scan", key: r.evidence.face_scan, mime_type: "image/jpeg" }] : [],
  };
}

export function addressChecks(attempt: HostedAttempt): Check[] {
  const r = attempt.result as {
    documents: {
      evidenceId: string;
      mimeType: string;
      outcome: "pass" | "fail";
      evidenceType: string;
      extractedDetails: Record<string, unknown>;
      validations: Record<string, Validation>;
    }[];
  };
  return r.documents.map((d) => ({
    step: "step_address",
    outcome: d.outcome === "pass" && outcomeOf(d.validations) === "pass" ? "pass" : "fail",
    method: "supporting_document",
    evidence_type: d.evidenceType,
    created_at: attempt.createdAt.toISOString(),
    extracted_details: d.extractedDetails,
    validations: d.validations,
    artefacts: [{ role: "document", key: d.evidenceId, mime_type: d.mimeType }],
  }));
}

/** real-api.md StepIdentityVouchApi: the identity established by a referee who verified themselves. */
export function vouchCheck(attempt: HostedAttempt): Check {
  const v = (
    attempt.result as {
      vouch: { kind: string; refereeVerificationId: string; relationship: string; knownYears: number; profession: string | null };
    }
  ).vouch;
  const validations: Record<string, Validation> = { relationship_minimum_duration_met: { status: "pass" } };
  if (v.kind === "professional_referee") validations.approved_professional_domain = { status: v.profession ? "pass" : "fail" };
  return {
    step: "step_identity",
    outcome: outcomeOf(validations),
    method: "vouch",
    evidence_type: v.kind,
    created_at: attempt.createdAt.toISOString(),
    extracted_details: {
      referee_verification_id: v.refereeVerificationId,
      relationship: v.kind === "professional_referee" ? null : v.relationship,
      organisation: v.profession,
    },
    validations,
  };
}
