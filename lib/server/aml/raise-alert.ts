import { and, eq, inArray, sql } from "drizzle-orm";
import type { AlertWebhookPayload } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { accountAlerts, monitoredAccounts, monitoringMatches } from "@/lib/db/schema";
import { newId } from "../shared/crypto";
import { type Tenant, ofTenant } from "../shared/tenant";
import { recordWebhookEvent } from "../webhooks/outbox";
import { toAlertMatch, type AmlMatch } from "./screening-index";

/** An open transaction (or the database) to write the alert in. */
export type Tx = Pick<Db, "insert" | "update" | "select" | "execute">;

export interface RaisedAlert {
  alertId: string;
  /** The matches the alert names: those never alerted before for this account. */
  matches: AmlMatch[];
  /** Outbox message id of the `Alert` webhook, or null when the tenant takes no such webhook. */
  webhookMessageId: string | null;
}

/**
 * Inside the caller's transaction: raises one alert for the matches the account has not been
 * alerted about yet (monitoring_matches is the once-per-match guard, so two screenings racing
 * each other alert once), sets the account to New with the risk type, and writes the `Alert`
 * webhook to the outbox. Null when every match was alerted before.
 */
export async function raiseAlert(
  tx: Tx,
  input: { tenant: Tenant; accountId: string; matches: AmlMatch[]; now: Date },
): Promise<RaisedAlert | null> {
  const { tenant, accountId, now } = input;
  if (input.matches.length === 0) return null;
  const claimed = await tx
    .insert(monitoringMatches)
    .values(input.matches.map((m) => ({ accountId, entityKey: m.id, score: m.score, createdAt: now })))
    .onConflictDoNothing()
    .returning({ entityKey: monitoringMatches.entityKey });
  const fresh = new Set(claimed.map((c) => c.entityKey));
  const matches = input.matches.filter((m) => fresh.has(m.id));
  if (matches.length === 0) return null;

  const alertId = newId("alert");
  await tx.insert(accountAlerts).values({ id: alertId, ...tenant, accountId, matches: matches.map(toAlertMatch), createdAt: now });
  await tx
    .update(monitoringMatches)
    .set({ alertId })
    .where(and(eq(monitoringMatches.accountId, accountId), inArray(monitoringMatches.entityKey, [...fresh])));
  // A sanction outranks a PEP: an account once "sanction" stays so.
  const sanctioned = matches.some((m) => m.risk_type === "sanction");
  await tx
    .update(monitoredAccounts)
    .set({ status: "New", riskType: sanctioned ? "sanction" : sql`coalesce(${monitoredAccounts.riskType}, 'pep')` })
    .where(and(eq(monitoredAccounts.id, accountId), ofTenant(monitoredAccounts, tenant)));
  const payload: AlertWebhookPayload = { event: "Alert", alertId, smartLookupId: accountId }; // spec 6
  const webhookMessageId = await recordWebhookEvent(tx, { tenant, event: "Alert", payload });
  return { alertId, matches, webhookMessageId };
}
