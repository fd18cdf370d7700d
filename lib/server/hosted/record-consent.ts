import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedSessions } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { loadHostedFlow } from "./load-hosted-flow";

/** The person read the privacy notice and agreed, before anything is captured. */
export async function recordConsent(db: Db, input: { token: string; agreed: boolean; now?: Date }): Promise<Result<void>> {
  const now = input.now ?? new Date();
  const flow = await loadHostedFlow(db, input.token, now);
  if (!flow) return fail("not_found", "No such verification");
  if (flow.screen.kind === "result") return fail("conflict", "This verification is no longer in progress", { code: flow.screen.result });
  if (!input.agreed) return fail("invalid", "Tick the box to agree before you start", { detail: { consent: "Required" } });
  await db
    .update(hostedSessions)
    .set({ consentedAt: now, updatedAt: now })
    .where(and(eq(hostedSessions.verificationId, flow.verificationId), isNull(hostedSessions.consentedAt)));
  return ok(undefined);
}
