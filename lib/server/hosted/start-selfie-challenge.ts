import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedChallenges } from "@/lib/db/schema";
import { createChallenge, type ChallengeStep } from "../liveness";
import { newId } from "../shared/crypto";
import type { HostedFlow } from "./load-hosted-flow";

export const CHALLENGE_TTL_MS = 15 * 60_000;

/**
 * The challenge the next selfie attempt must follow, chosen and kept on the server (the browser
 * only shows it). Reloading the page keeps an unused one; each judged attempt uses one up.
 */
export async function startSelfieChallenge(db: Db, flow: HostedFlow, now = new Date()): Promise<{ id: string; steps: ChallengeStep[] }> {
  const [open] = await db
    .select()
    .from(hostedChallenges)
    .where(
      and(
        eq(hostedChallenges.verificationId, flow.verificationId),
        isNull(hostedChallenges.usedAt),
        gt(hostedChallenges.expiresAt, new Date(now.getTime() + 60_000)),
      ),
    )
    .orderBy(desc(hostedChallenges.createdAt))
    .limit(1);
  if (open) return { id: open.id, steps: open.steps as ChallengeStep[] };
  const id = newId("hch");
  const steps = createChallenge();
  await db.insert(hostedChallenges).values({
    id,
    teamId: flow.tenant.teamId,
    mode: flow.tenant.mode,
    verificationId: flow.verificationId,
    steps,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    createdAt: now,
  });
  return { id, steps };
}
