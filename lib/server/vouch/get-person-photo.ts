import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedAttempts, vouches } from "@/lib/db/schema";
import { getEvidenceFile } from "../evidence/get-evidence-file";
import { loadHostedFlow } from "../hosted/load-hosted-flow";

/** The person's accepted selfie (its face_scan evidence id), if their workflow took one. */
export async function personSelfieId(db: Db, personVerificationId: string): Promise<string | null> {
  const [row] = await db
    .select({ result: hostedAttempts.result })
    .from(hostedAttempts)
    .where(
      and(
        eq(hostedAttempts.verificationId, personVerificationId),
        eq(hostedAttempts.step, "video_selfie"),
        eq(hostedAttempts.outcome, "accepted"),
      ),
    )
    .limit(1);
  const id = (row?.result as { evidence?: { face_scan?: unknown } } | undefined)?.evidence?.face_scan;
  return typeof id === "string" ? id : null;
}

/**
 * The photo a referee is asked to recognise: the person's selfie, shown only on the referee's own
 * link, only while their vouch is open and they are at the confirmation step (biometric data: no
 * one else, and not after the vouch is settled).
 */
export async function getPersonPhoto(db: Db, refereeToken: string): Promise<{ bytes: Buffer; mimeType: string } | null> {
  const flow = await loadHostedFlow(db, refereeToken);
  if (!flow || flow.screen.kind !== "referee_confirm") return null;
  const [vouch] = await db
    .select()
    .from(vouches)
    .where(and(eq(vouches.refereeVerificationId, flow.verificationId), eq(vouches.status, "invited")))
    .limit(1);
  if (!vouch) return null;
  const id = await personSelfieId(db, vouch.verificationId);
  if (!id) return null;
  const file = await getEvidenceFile(db, flow.tenant, id);
  return file.ok ? { bytes: file.value.bytes, mimeType: file.value.mimeType } : null;
}
