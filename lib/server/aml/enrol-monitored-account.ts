import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { monitoredAccounts } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import { type Tenant, ofTenant } from "../shared/tenant";
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

/** Who an account monitors, as its unique key: normalised full name and date of birth. */
export const monitoredPersonKey = (p: { firstName: string; lastName: string; dateOfBirth: string }) =>
  `${normalizeText(`${p.firstName} ${p.lastName}`)}|${p.dateOfBirth}`;

/**
 * AML requested → the person is monitored: the tenant's account for the same person (same
 * normalised name and date of birth) is reused, else one is created — one upsert on the unique
 * person key, so two assessments of one person at the same moment still make one account; alerts
 * are enabled, the assessment and screening time recorded, and matches never alerted for it raise
 * one alert with its `Alert` webhook, all in one transaction.
 */
export async function enrolMonitoredAccount(db: Db, options: EnrolMonitoredAccountOptions): Promise<EnrolledAccount> {
  const enrolled = await db.transaction((tx) => enrolMonitoredAccountIn(tx, options));
  if (enrolled.alert?.webhookMessageId) notifyOutbox();
  return enrolled;
}

/**
 * The enrolment's writes in the caller's transaction `tx` (the risk assessment's, so that the
 * person is monitored exactly when the assessment is stored). The caller wakes the webhook
 * outbox after its commit when `alert.webhookMessageId` is set.
 */
export async function enrolMonitoredAccountIn(tx: Db, options: EnrolMonitoredAccountOptions): Promise<EnrolledAccount> {
  const { tenant, person, now } = options;
  const personKey = monitoredPersonKey(person);
  // An account made before the key existed is found by name as before, and keyed.
  const legacy = await tx
    .select({ id: monitoredAccounts.id, firstName: monitoredAccounts.firstName, lastName: monitoredAccounts.lastName })
    .from(monitoredAccounts)
    .where(
      and(ofTenant(monitoredAccounts, tenant), eq(monitoredAccounts.dateOfBirth, person.dateOfBirth), isNull(monitoredAccounts.personKey)),
    );
  const old = legacy.find((row) => sameName(row, person));
  if (old) {
    await tx
      .update(monitoredAccounts)
      .set({ personKey })
      .where(and(eq(monitoredAccounts.id, old.id), ofTenant(monitoredAccounts, tenant), isNull(monitoredAccounts.personKey)));
  }
  const [row] = await tx
    .insert(monitoredAccounts)
    .values({
      id: newId("sl"),
      ...tenant,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email ?? null,
      dateOfBirth: person.dateOfBirth,
      personKey,
      status: "Clear",
      alertsEnabledAt: now,
      lastScreenedAt: now,
      riskAssessmentId: options.assessmentId,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [monitoredAccounts.teamId, monitoredAccounts.mode, monitoredAccounts.personKey],
      set: {
        alertsEnabledAt: sql`coalesce(${monitoredAccounts.alertsEnabledAt}, excluded.alerts_enabled_at)`,
        lastScreenedAt: now,
        riskAssessmentId: options.assessmentId,
        email: sql`coalesce(${monitoredAccounts.email}, excluded.email)`,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ id: monitoredAccounts.id, created: sql<boolean>`(xmax = 0)` });
  const accountId = row!.id;
  const alert = await raiseAlert(tx, { tenant, accountId, matches: options.matches, now });
  return { accountId, created: Boolean(row!.created), alert };
}
