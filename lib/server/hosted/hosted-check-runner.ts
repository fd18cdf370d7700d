import { and, asc, isNotNull, isNull, lt, or, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedSessions } from "@/lib/db/schema";
import { coalesce } from "../jobs/coalesce";
import { checkHostedCase } from "./check-hosted-case";
import { tellOwner } from "../shared/process-link";

/*
 * The check job's queue is the hosted_sessions table itself (submitted, not yet checked), like the
 * webhook outbox: a case is queued in the same transaction that completes it, so no job is lost
 * between the commit and a queue. A process claims one case at a time with a lease (SKIP LOCKED,
 * so several app instances share the work); a lease that runs out (a crashed process) is taken
 * again by the next sweep. Completion kicks the runner at once; the runtime's timer sweeps.
 */
export const CHECK_LEASE_MS = 5 * 60_000;
/** A case whose checks failed this often is left for a person (it stays Processing, the console shows it). */
export const CHECK_MAX_RUNS = 5;

/** Claims the oldest submitted, unchecked case whose lease is free; null when none is waiting. */
export async function claimNextCase(db: Db, now = new Date()): Promise<string | null> {
  const waiting = db
    .select({ id: hostedSessions.verificationId })
    .from(hostedSessions)
    .where(
      and(
        isNotNull(hostedSessions.submittedAt),
        isNull(hostedSessions.checkedAt),
        lt(hostedSessions.checksRuns, CHECK_MAX_RUNS),
        or(isNull(hostedSessions.checksLeaseUntil), lt(hostedSessions.checksLeaseUntil, now)),
      ),
    )
    .orderBy(asc(hostedSessions.submittedAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(hostedSessions)
    .set({ checksLeaseUntil: new Date(now.getTime() + CHECK_LEASE_MS), checksRuns: sql`${hostedSessions.checksRuns} + 1` })
    .where(eq(hostedSessions.verificationId, sql`(${waiting})`))
    .returning({ id: hostedSessions.verificationId });
  return claimed?.id ?? null;
}

/** Runs the check job until no submitted case waits. */
export async function drainHostedChecks(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const id = await claimNextCase(db);
    if (!id) return done;
    try {
      await checkHostedCase(db, id);
    } catch (error) {
      // The lease runs out and a later sweep tries again (up to CHECK_MAX_RUNS).
      console.error(`[hosted] checks of case ${id} failed:`, error);
    }
    done++;
  }
}

// One runner per process (Next bundles its own copies of modules: keep it on globalThis).
const HOLDER = Symbol.for("idv.hostedCheckRunner");
type Runner = { kick(): void; idle(): Promise<void>; db: Db };

/** Starts (or wakes) this process's check runner on `db`; in the pages' process, the API process's. */
export function kickHostedChecks(db: Db): void {
  if (tellOwner({ verity: "hosted-checks" })) return;
  const holder = globalThis as { [HOLDER]?: Runner };
  if (!holder[HOLDER] || holder[HOLDER].db !== db) {
    const runner = coalesce(
      async () => void (await drainHostedChecks(db)),
      (error) => console.error("[hosted] check runner:", error),
    );
    holder[HOLDER] = { ...runner, db };
  }
  holder[HOLDER].kick();
}

/** Resolves when this process's runner has nothing in hand (tests, shutdown). */
export async function hostedChecksIdle(): Promise<void> {
  await (globalThis as { [HOLDER]?: Runner })[HOLDER]?.idle();
}
