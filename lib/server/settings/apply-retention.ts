import { and, eq, inArray, isNotNull, lt, notExists, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import {
  evidenceFiles,
  monitoredAccounts,
  networkIdentities,
  riskAssessments,
  smartLookups,
  teamSettings,
  verifications,
  webhookMessages,
  type Mode,
} from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { type Actor, type Tenant, ofTeam, ofTenant } from "../shared/tenant";

export interface RetentionCounts {
  verifications: number;
  riskAssessments: number;
  smartLookups: number;
  monitoredAccounts: number;
  evidenceFiles: number;
  /** Fraud-network records (keys, face embeddings) of the deleted cases and assessments. */
  networkRecords: number;
  webhookMessages: number;
}

export interface TenantRetention extends RetentionCounts {
  teamId: string;
  mode: Mode;
  retentionDays: number;
  /** Records created before this instant were deleted. */
  cutoff: string;
}

export interface RetentionReport {
  tenants: TenantRetention[];
  totals: RetentionCounts;
}

export interface ApplyRetentionOptions {
  now?: Date;
  /** Rows deleted per transaction (each transaction is short, so the embedded database keeps serving). */
  batchSize?: number;
  /** Only this team (the CLI's --team). */
  teamId?: string;
  actor?: Actor;
}

const zero = (): RetentionCounts => ({
  verifications: 0,
  riskAssessments: 0,
  smartLookups: 0,
  monitoredAccounts: 0,
  evidenceFiles: 0,
  networkRecords: 0,
  webhookMessages: 0,
});

// A message still on its way (pending, delivering, retrying) stays: the outbox owns it until it
// is delivered or failed, and a later run removes it once it is finished and its case is gone.
const FINISHED = ["delivered", "failed"] as const;

/**
 * Deletes, for every team and mode with a retention period, the cases, risk assessments and
 * monitored accounts created before the period, with their evidence images and finished webhook
 * messages (timelines, alerts and attempts go by cascade). One summary audit entry per tenant
 * that lost anything. Safe to run twice at once: counts come from the rows each delete removed.
 */
export async function applyRetention(db: Db, options: ApplyRetentionOptions = {}): Promise<RetentionReport> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 500;
  const conditions: SQL[] = [isNotNull(teamSettings.retentionDays)];
  if (options.teamId) conditions.push(ofTeam(teamSettings, options.teamId));
  const policies = await db
    .select({ teamId: teamSettings.teamId, mode: teamSettings.mode, retentionDays: teamSettings.retentionDays })
    .from(teamSettings)
    .where(and(...conditions))
    .orderBy(teamSettings.teamId, teamSettings.mode);

  const report: RetentionReport = { tenants: [], totals: zero() };
  for (const policy of policies) {
    const tenant: Tenant = { teamId: policy.teamId, mode: policy.mode };
    const cutoff = new Date(now.getTime() - policy.retentionDays! * 86_400_000);
    const counts = await purgeTenant(db, tenant, cutoff, batchSize);
    report.tenants.push({ ...tenant, retentionDays: policy.retentionDays!, cutoff: cutoff.toISOString(), ...counts });
    for (const key of Object.keys(counts) as (keyof RetentionCounts)[]) report.totals[key] += counts[key];
    if (Object.values(counts).some((n) => n > 0)) {
      await recordAudit(db, {
        teamId: tenant.teamId,
        mode: tenant.mode,
        actor: options.actor ?? { type: "system", id: "retention" },
        action: "retention.applied",
        targetType: "team_settings",
        targetId: `${tenant.teamId}:${tenant.mode}`,
        metadata: { retentionDays: policy.retentionDays, cutoff: cutoff.toISOString(), deleted: counts },
      });
    }
  }
  return report;
}

async function purgeTenant(db: Db, tenant: Tenant, cutoff: Date, batchSize: number): Promise<RetentionCounts> {
  const counts = zero();
  const owned = [
    { table: verifications, ownerType: "verification", key: "verifications" },
    { table: riskAssessments, ownerType: "risk_assessment", key: "riskAssessments" },
    { table: smartLookups, ownerType: null, key: "smartLookups" },
    { table: monitoredAccounts, ownerType: null, key: "monitoredAccounts" },
  ] as const;
  for (const { table, ownerType, key } of owned) {
    const old = and(ofTenant(table, tenant), lt(table.createdAt, cutoff))!;
    for (;;) {
      const removed = await db.transaction(async (tx) => {
        const ids = (await tx.select({ id: table.id }).from(table).where(old).orderBy(table.createdAt).limit(batchSize)).map((r) => r.id);
        if (ids.length === 0) return 0;
        if (ownerType) {
          const files = await tx
            .delete(evidenceFiles)
            .where(and(ofTenant(evidenceFiles, tenant), eq(evidenceFiles.ownerType, ownerType), inArray(evidenceFiles.ownerId, ids)))
            .returning({ id: evidenceFiles.id });
          counts.evidenceFiles += files.length;
          // What the fraud network kept of them (keys and, above all, face embeddings: biometric data) goes too.
          const network = await tx
            .delete(networkIdentities)
            .where(
              and(
                ofTeam(networkIdentities, tenant.teamId),
                eq(networkIdentities.source, ownerType),
                inArray(networkIdentities.sourceId, ids),
              ),
            )
            .returning({ id: networkIdentities.id });
          counts.networkRecords += network.length;
        }
        if (table === verifications) {
          const messages = await tx
            .delete(webhookMessages)
            .where(
              and(
                ofTenant(webhookMessages, tenant),
                inArray(webhookMessages.verificationId, ids),
                inArray(webhookMessages.status, FINISHED),
              ),
            )
            .returning({ id: webhookMessages.id });
          counts.webhookMessages += messages.length;
        }
        const rows = await tx
          .delete(table)
          .where(and(old, inArray(table.id, ids)))
          .returning({ id: table.id });
        counts[key] += rows.length;
        return ids.length;
      });
      if (removed < batchSize) break;
      await yieldToEventLoop();
    }
  }
  counts.webhookMessages += await purgeOrphanMessages(db, tenant, cutoff, batchSize);
  return counts;
}

/** Finished messages of cases already gone (they were still on their way when their case was deleted). */
async function purgeOrphanMessages(db: Db, tenant: Tenant, cutoff: Date, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .where(
        and(
          ofTenant(webhookMessages, tenant),
          isNotNull(webhookMessages.verificationId),
          lt(webhookMessages.createdAt, cutoff),
          inArray(webhookMessages.status, FINISHED),
          notExists(db.select({ one: verifications.id }).from(verifications).where(eq(verifications.id, webhookMessages.verificationId))),
        ),
      )
      .limit(batchSize);
    const rows = await db
      .delete(webhookMessages)
      .where(and(inArray(webhookMessages.id, batch), inArray(webhookMessages.status, FINISHED)))
      .returning({ id: webhookMessages.id });
    total += rows.length;
    if (rows.length < batchSize) return total;
    await yieldToEventLoop();
  }
}

/**
 * Between batches, let the process serve requests: PGlite runs in this thread, and a run of
 * batches chained by promises alone would hold timers and network I/O back until the end.
 */
const yieldToEventLoop = () => new Promise((resolve) => setTimeout(resolve, 1));
