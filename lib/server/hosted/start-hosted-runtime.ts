import type { Db } from "@/lib/db";
import { coalesce } from "../jobs/coalesce";
import { sweepEvidenceObjects } from "../evidence/sweep-evidence-objects";
import { expireHostedCases } from "./expire-hosted-cases";
import { hostedChecksIdle, kickHostedChecks } from "./hosted-check-runner";

export const HOSTED_SWEEP_MS = 30_000;
const EVIDENCE_SWEEP_MS = 60 * 60_000;

/**
 * The hosted flow's background work in an app process (server.ts) or `npm run worker`: the check
 * job (kicked at once by each completion, swept here for leases that ran out and cases submitted
 * while no process ran), the Expired events, and the deletion of stored evidence objects whose
 * rows retention removed. Every part is idempotent, so several instances may run it.
 */
export function startHostedRuntime(options: { db: () => Promise<Db>; intervalMs?: number }): { stop(): Promise<void> } {
  let lastEvidenceSweep = 0;
  const sweep = coalesce(
    async () => {
      const db = await options.db();
      kickHostedChecks(db);
      const expired = await expireHostedCases(db);
      if (expired > 0) console.log(`[hosted] ${expired} case(s) expired: Expired sent`);
      if (Date.now() - lastEvidenceSweep > EVIDENCE_SWEEP_MS) {
        lastEvidenceSweep = Date.now();
        const removed = await sweepEvidenceObjects(db);
        if (removed > 0) console.log(`[hosted] ${removed} stored evidence object(s) of deleted files removed`);
      }
    },
    (error) => console.error("[hosted] sweep failed:", error),
  );
  const first = setTimeout(sweep.kick, 1000);
  const timer = setInterval(sweep.kick, options.intervalMs ?? HOSTED_SWEEP_MS);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await sweep.idle();
      await hostedChecksIdle();
    },
  };
}
