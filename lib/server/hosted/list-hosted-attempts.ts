import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedAttempts } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";
import type { StoredCaptureSignals } from "./capture-signals";

/** One engine judgement, as the console's case page lists them (no biometric vectors). */
export interface AttemptView {
  id: string;
  step: string;
  outcome: string;
  reason: string | null;
  durationMs: number | null;
  evidenceIds: string[];
  /** Selfie: liveness and face-match scores and the judge's reasons; photo ID: how the text was accepted. */
  summary: string | null;
  /** Selfie: what the browser said about its camera (null for other steps; "not_sent" for selfies before it was recorded). */
  captureSignals: StoredCaptureSignals | null;
  createdAt: string;
}

function summarise(step: string, result: Record<string, unknown>): string | null {
  if (step === "video_selfie") {
    const liveness = result.liveness as { status: string; score: number; reasons: string[] } | undefined;
    const match = result.faceMatch as { status: string; score: number } | null | undefined;
    const parts = [
      result.challenge ? `challenge ${(result.challenge as string[]).join(", ")}` : null,
      liveness ? `liveness ${liveness.status} ${liveness.score.toFixed(2)}` : null,
      match ? `face match ${match.status} ${match.score.toFixed(2)}` : null,
      liveness?.reasons.length ? liveness.reasons.join("; ") : null,
    ];
    return parts.filter(Boolean).join(" · ") || null;
  }
  if (step === "photo_id")
    return (
      [
        result.kind,
        result.readBy ? `read by ${String(result.readBy)}` : null,
        result.corrected ? "disputed cells settled by further readings" : null,
      ]
        .filter(Boolean)
        .join(" · ") || null
    );
  return null;
}

/** Every attempt at the hosted flow's steps of one case of the tenant, oldest first. */
export async function listHostedAttempts(db: Db, tenant: Tenant, verificationId: string): Promise<AttemptView[]> {
  const rows = await db
    .select()
    .from(hostedAttempts)
    .where(and(eq(hostedAttempts.verificationId, verificationId), ofTenant(hostedAttempts, tenant)))
    .orderBy(asc(hostedAttempts.createdAt), asc(hostedAttempts.id));
  return rows.map((r) => ({
    id: r.id,
    step: r.step,
    outcome: r.outcome,
    reason: r.reason,
    durationMs: r.durationMs,
    evidenceIds: r.evidenceIds,
    summary: summarise(r.step, r.result),
    captureSignals:
      r.step === "video_selfie" ? ((r.result.captureSignals as StoredCaptureSignals | undefined) ?? { status: "not_sent" }) : null,
    createdAt: r.createdAt.toISOString(),
  }));
}
