import type { Db } from "@/lib/db";
import { coalesce } from "../jobs/coalesce";
import { applyRetention, type RetentionReport } from "./apply-retention";

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface RetentionSchedule {
  /** Runs now (waiting for a run in progress first) and answers its report. */
  runNow(): Promise<RetentionReport>;
  /** No more runs; waits for one in progress. */
  stop(): Promise<void>;
}

/**
 * The daily retention run of an app process, on a timer like the webhook sweeper. Every app
 * instance runs it: deletes are idempotent and their counts come from the rows each removed, so
 * instances running at once split the work instead of doubling it.
 */
export function startRetentionSchedule(options: {
  db: () => Promise<Db>;
  intervalMs?: number;
  /** The first run after start (default 5 minutes: not in the way of a starting server). */
  firstRunMs?: number;
  onReport?: (report: RetentionReport) => void;
}): RetentionSchedule {
  const onReport =
    options.onReport ??
    ((report: RetentionReport) => {
      const deleted = Object.values(report.totals).reduce((a, b) => a + b, 0);
      if (deleted > 0) console.log(`[retention] deleted ${JSON.stringify(report.totals)} across ${report.tenants.length} team mode(s)`);
    });
  let last: { report: RetentionReport } | { error: unknown } | null = null;
  const run = coalesce(
    async () => {
      try {
        const report = await applyRetention(await options.db());
        last = { report };
        onReport(report);
      } catch (error) {
        last = { error };
        throw error;
      }
    },
    (error) => console.error("[retention] run failed:", error),
  );
  const first = setTimeout(run.kick, options.firstRunMs ?? 5 * 60 * 1000);
  const timer = setInterval(run.kick, options.intervalMs ?? RETENTION_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    runNow: async () => {
      run.kick();
      await run.idle();
      const outcome = last as { report: RetentionReport } | { error: unknown } | null;
      if (!outcome || "error" in outcome) throw outcome ? outcome.error : new Error("The retention run did not happen");
      return outcome.report;
    },
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await run.idle();
    },
  };
}
