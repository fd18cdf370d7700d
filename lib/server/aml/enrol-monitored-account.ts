import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { monitoredAccounts } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import type { Tenant } from "../shared/tenant";
import { notifyOutbox } from "../webhooks/outbox";
import { normalizeText } from "./matching/normalize";
import { raiseAlert, type RaisedAlert } from "./raise-alert";
import type { AmlMatch } from "./screening-index";

export interface EnrolMonitoredAccountOptions {
  tenant: Tenant;
  person: { firstName: string; lastName: string; email?: string | null; dateOfBirth: string };
  /** The risk assessment that requested AML. */
  assessmentId: string;
  /** What screening found now (score ≥ the threshold). */
  matches: AmlMatch[];
  now: Date;
}

export interface EnrolledAccount {
  accountId: string;
  created: boolean;
  alert: RaisedAlert | null;
}

const sameName = (a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }) =>
  normalizeText(`${a.firstName} ${a.lastName}`) === normalizeText(`${b.firstName} ${b.lastName}`);

/**
 * AML requested → the person is monitored: the tenant's account for the same person (same
 * normalised name and date of birth) is reused, else one is created; alerts are enabled, the
 * assessment and screening time recorded, and matches never alerted for it raise one alert with
 * its `Alert` webhook, all in one transaction.
 */
export async function enrolMonitoredAccount(db: Db, options: EnrolMonitoredAccountOptions): Promise<EnrolledAccount> {
  const { tenant, person, now } = options;
  const enrolled = await db.transaction(async (tx) => {
    const sameBirthday = await tx
      .select({ id: monitoredAccounts.id, firstName: monitoredAccounts.firstName, lastName: monitoredAccounts.lastName })
      .from(monitoredAccounts)
      .where(and(eq(monitoredAccounts.teamId, tenant.teamId), eq(monitoredAccounts.mode, tenant.mode), eq(monitoredAccounts.dateOfBirth, person.dateOfBirth)));
    const existing = sameBirthday.find((row) => sameName(row, person));
    let accountId: string;
    if (existing) {
      accountId = existing.id;
      await tx
        .update(monitoredAccounts)
        .set({
          alertsEnabledAt: sql`coalesce(${monitoredAccounts.alertsEnabledAt}, ${now.toISOString()}::timestamptz)`,
          lastScreenedAt: now,
          riskAssessmentId: options.assessmentId,
          email: sql`coalesce(${monitoredAccounts.email}, ${person.email ?? null})`,
        })
        .where(and(eq(monitoredAccounts.id, accountId), eq(monitoredAccounts.teamId, tenant.teamId), eq(monitoredAccounts.mode, tenant.mode)));
    } else {
      accountId = newId("sl");
      await tx.insert(monitoredAccounts).values({
        id: accountId,
        ...tenant,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email ?? null,
        dateOfBirth: person.dateOfBirth,
        status: "Clear",
        alertsEnabledAt: now,
        lastScreenedAt: now,
        riskAssessmentId: options.assessmentId,
        createdAt: now,
      });
    }
    const alert = await raiseAlert(tx, { tenant, accountId, matches: options.matches, now });
    return { accountId, created: !existing, alert };
  });
  if (enrolled.alert?.webhookMessageId) notifyOutbox();
  return enrolled;
}
