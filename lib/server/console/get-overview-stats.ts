import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { accountAlerts, riskAssessments, verifications, webhookAttempts, webhookMessages } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";

export interface OverviewStats {
  days: string[];
  /** One row per day: the count of cases created that day in each status they have now. */
  casesByDay: ({ day: string } & Record<string, number | string>)[];
  statuses: string[];
  totals: { cases: number; needsReview: number; openAlerts: number; riskAssessments: number };
  recommendations: { recommendation: string; count: number }[];
  webhooks: { delivered: number; failed: number; pending: number; attempts: number; successfulAttempts: number };
}

const DAY_MS = 86_400_000;

/** The overview's numbers for one team and mode over the last `days` days (UTC). */
export async function getOverviewStats(db: Db, tenant: Tenant, options: { days?: number; now?: Date } = {}): Promise<OverviewStats> {
  const count = options.days ?? 14;
  const now = options.now ?? new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (count - 1) * DAY_MS);
  const days = Array.from({ length: count }, (_, i) => new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10));

  const day = sql<string>`to_char(${verifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [byDay, byStatus, refusedUnreviewed, alerts, recs, messages, attempts] = await Promise.all([
    db
      .select({ day, status: verifications.status, n: sql<number>`count(*)::int` })
      .from(verifications)
      .where(and(ofTenant(verifications, tenant), gte(verifications.createdAt, start)))
      .groupBy(day, verifications.status),
    db
      .select({ status: verifications.status, n: sql<number>`count(*)::int` })
      .from(verifications)
      .where(ofTenant(verifications, tenant))
      .groupBy(verifications.status),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(verifications)
      .where(
        and(
          ofTenant(verifications, tenant),
          eq(verifications.status, "Refused"),
          sql`not exists (select 1 from verification_events e where e.verification_id = ${verifications.id} and e.event = 'ManuallyReviewed')`,
        ),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountAlerts)
      .where(and(ofTenant(accountAlerts, tenant), isNull(accountAlerts.acknowledgedAt))),
    db
      .select({ recommendation: sql<string>`coalesce(${riskAssessments.recommendation}, 'RADAR')`, n: sql<number>`count(*)::int` })
      .from(riskAssessments)
      .where(ofTenant(riskAssessments, tenant))
      .groupBy(sql`1`),
    db
      .select({ status: webhookMessages.status, n: sql<number>`count(*)::int` })
      .from(webhookMessages)
      .where(ofTenant(webhookMessages, tenant))
      .groupBy(webhookMessages.status),
    db
      .select({
        total: sql<number>`count(*)::int`,
        ok: sql<number>`count(*) filter (where ${webhookAttempts.statusCode} between 200 and 299)::int`,
      })
      .from(webhookAttempts)
      .where(ofTenant(webhookAttempts, tenant)),
  ]);

  const statuses = [...new Set(byDay.map((r) => r.status))].sort();
  const casesByDay = days.map((d) => {
    const row: { day: string } & Record<string, number | string> = { day: d };
    for (const s of statuses) row[s] = byDay.find((r) => r.day === d && r.status === s)?.n ?? 0;
    return row;
  });
  const statusCount = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
  const messageCount = (s: string) => messages.find((r) => r.status === s)?.n ?? 0;
  return {
    days,
    casesByDay,
    statuses,
    totals: {
      cases: byStatus.reduce((sum, r) => sum + r.n, 0),
      needsReview: statusCount("ReadyForReview") + (refusedUnreviewed[0]?.n ?? 0),
      openAlerts: alerts[0]?.n ?? 0,
      riskAssessments: recs.reduce((sum, r) => sum + r.n, 0),
    },
    recommendations: recs.map((r) => ({ recommendation: r.recommendation, count: r.n })),
    webhooks: {
      delivered: messageCount("delivered"),
      failed: messageCount("failed"),
      pending: messageCount("pending") + messageCount("retrying") + messageCount("delivering"),
      attempts: attempts[0]?.total ?? 0,
      successfulAttempts: attempts[0]?.ok ?? 0,
    },
  };
}
