import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { monitoredAccounts, monitoringMatches, riskAssessments, teamSettings } from "@/lib/db/schema";
import { sameTenant, type Tenant } from "../shared/tenant";
import { notifyOutbox } from "../webhooks/outbox";
import { getScreeningIndex } from "./get-screening-index";
import { raiseAlert } from "./raise-alert";
import type { AmlMatch } from "./screening-index";

export interface RescreenReport {
  /** Live accounts with alerts enabled, screened again. */
  screened: number;
  /** Alerts raised (one per account with new matches). */
  alerts: number;
  /** `Alert` webhooks written to the outbox. */
  webhooks: number;
  listVersionIds: string[];
}

const PAGE = 500;
const DEFAULT_THRESHOLD = 96;

/**
 * Ongoing monitoring, run after each list import: every live monitored account with alerts
 * enabled is screened again against the current lists (each team's own AML threshold, the
 * country of the assessment that enrolled the person). Matches never alerted for the account
 * raise one alert per account, in one transaction with its `Alert` webhook; matches seen before
 * raise nothing, so running it again changes nothing but `last_screened_at`. A platform job: it
 * walks every team's accounts, and each write is scoped to the account's own team and mode.
 */
export async function rescreenMonitoredAccounts(db: Db, options: { now?: Date } = {}): Promise<RescreenReport> {
  const now = options.now ?? new Date();
  const index = await getScreeningIndex(db);
  const report: RescreenReport = { screened: 0, alerts: 0, webhooks: 0, listVersionIds: index.listVersionIds };
  let after = "";
  for (;;) {
    const accounts = await db
      .select({
        id: monitoredAccounts.id,
        teamId: monitoredAccounts.teamId,
        mode: monitoredAccounts.mode,
        firstName: monitoredAccounts.firstName,
        lastName: monitoredAccounts.lastName,
        dateOfBirth: monitoredAccounts.dateOfBirth,
        threshold: teamSettings.amlThreshold,
        country: sql<string | null>`${riskAssessments.response}->'address'->>'country_code'`,
      })
      .from(monitoredAccounts)
      .leftJoin(teamSettings, sameTenant(teamSettings, monitoredAccounts))
      .leftJoin(
        riskAssessments,
        and(eq(riskAssessments.id, monitoredAccounts.riskAssessmentId), sameTenant(riskAssessments, monitoredAccounts)),
      )
      .where(and(eq(monitoredAccounts.mode, "live"), isNotNull(monitoredAccounts.alertsEnabledAt), gt(monitoredAccounts.id, after)))
      .orderBy(asc(monitoredAccounts.id))
      .limit(PAGE);
    if (accounts.length === 0) break;
    after = accounts[accounts.length - 1]!.id;

    const found = new Map<string, AmlMatch[]>();
    for (const account of accounts) {
      const matches = index.screen(account, { threshold: account.threshold ?? DEFAULT_THRESHOLD });
      if (matches.length) found.set(account.id, matches);
    }
    // Leave out what each account was alerted about before; the guard in raiseAlert still decides.
    if (found.size) {
      const seen = await db
        .select({ accountId: monitoringMatches.accountId, entityKey: monitoringMatches.entityKey })
        .from(monitoringMatches)
        .where(inArray(monitoringMatches.accountId, [...found.keys()]));
      const known = new Set(seen.map((s) => `${s.accountId}\u0000${s.entityKey}`));
      for (const account of accounts) {
        const fresh = (found.get(account.id) ?? []).filter((m) => !known.has(`${account.id}\u0000${m.id}`));
        if (fresh.length === 0) continue;
        const tenant: Tenant = { teamId: account.teamId, mode: account.mode };
        const raised = await db.transaction((tx) => raiseAlert(tx, { tenant, accountId: account.id, matches: fresh, now }));
        if (raised) {
          report.alerts++;
          if (raised.webhookMessageId) report.webhooks++;
        }
      }
    }
    await db
      .update(monitoredAccounts)
      .set({ lastScreenedAt: now })
      .where(
        and(
          eq(monitoredAccounts.mode, "live"),
          inArray(
            monitoredAccounts.id,
            accounts.map((a) => a.id),
          ),
        ),
      );
    report.screened += accounts.length;
    if (accounts.length < PAGE) break;
  }
  if (report.webhooks) notifyOutbox();
  return report;
}
