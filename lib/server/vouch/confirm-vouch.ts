import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { vouches } from "@/lib/db/schema";
import { loadHostedFlow } from "../hosted/load-hosted-flow";
import { recordAttempt } from "../hosted/record-attempt";
import { fail, ok, type Result } from "../shared/result";
import { personSelfieId } from "./get-person-photo";
import { CONFIRM_ITEMS, type ConfirmAnswer } from "./referee-rules";

const ANSWERS: readonly ConfirmAnswer[] = ["yes", "no", "not_sure"];

/**
 * The referee's last step, after their own photo ID and selfie were accepted: for the person they
 * vouch for, the name, date of birth and address, each yes / no / not sure, and the declaration.
 * It completes the referee's case; their checks then decide, and settleVouch carries the result
 * to the person's case.
 */
export async function confirmVouch(
  db: Db,
  options: { token: string; answers: Record<string, string>; declaration: boolean; now?: Date },
): Promise<Result<{ completed: boolean }>> {
  const now = options.now ?? new Date();
  const flow = await loadHostedFlow(db, options.token, now);
  if (!flow) return fail("not_found", "Unknown link");
  // The state machine's order: no confirmation before the referee's own checks were accepted.
  if (flow.screen.kind !== "referee_confirm")
    return fail("conflict", "Verify yourself first: your photo ID and video selfie come before vouching");
  const [vouch] = await db.select().from(vouches).where(eq(vouches.refereeVerificationId, flow.verificationId)).limit(1);
  if (!vouch || vouch.status !== "invited") return fail("conflict", "This vouch is no longer open");
  const detail: Record<string, string> = {};
  const answers: Record<string, string> = {};
  // The person's selfie, when their workflow took one, is the fourth thing the referee confirms.
  const items = (await personSelfieId(db, vouch.verificationId)) ? [...CONFIRM_ITEMS, "photo"] : [...CONFIRM_ITEMS];
  for (const item of items) {
    const answer = options.answers[item] ?? "";
    if (!(ANSWERS as readonly string[]).includes(answer)) detail[item] = "Choose yes, no or not sure";
    else answers[item] = answer;
  }
  if (!options.declaration) detail.declaration = "Confirm the declaration to vouch";
  if (Object.keys(detail).length) return fail("invalid", "Answer every question", { detail });
  await db
    .update(vouches)
    .set({ answers: { ...answers, declaration: "yes" }, updatedAt: now })
    .where(eq(vouches.id, vouch.id));
  const settled = await recordAttempt(db, flow, {
    step: "referee_confirm",
    outcome: "accepted",
    evidenceIds: [],
    result: { answers },
    now,
  });
  return ok({ completed: settled.completed });
}
