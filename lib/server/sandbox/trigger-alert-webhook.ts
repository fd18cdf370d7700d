import { and, desc, eq } from "drizzle-orm";
import type { AlertWebhookPayload, DeliveryReport } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { accountAlerts, monitoredAccounts } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTenant } from "../shared/tenant";
import { requireSandbox, sendSandboxWebhook } from "../webhooks/send-sandbox-webhook";
import type { Resolver } from "../webhooks/ssrf-guard";
import { sandboxAccount } from "./accounts";

export interface TriggerAlertWebhookOptions {
  tenant: Tenant;
  actor: Actor;
  /** The monitored account (`smartLookupId`). */
  id: string;
  webhookUrl: string;
  allowLoopback: boolean;
  resolve?: Resolver;
}

/** spec 4.8: sends the account's latest alert to the given URL, now. */
export async function triggerAlertWebhook(db: Db, options: TriggerAlertWebhookOptions): Promise<Result<DeliveryReport>> {
  const { tenant, id } = options;
  const sandboxOnly = requireSandbox(tenant);
  if (!sandboxOnly.ok) return sandboxOnly;

  const alert = await latestAlertId(db, tenant, id);
  if (!alert.ok) return alert;
  const payload: AlertWebhookPayload = { event: "Alert", alertId: alert.value, smartLookupId: id }; // spec 6

  return sendSandboxWebhook(db, {
    tenant,
    actor: options.actor,
    event: "Alert",
    webhookUrl: options.webhookUrl,
    payload,
    target: { type: "monitored_account", id },
    allowLoopback: options.allowLoopback,
    resolve: options.resolve,
  });
}

/** spec 4.11: the two canned accounts each have one alert; a stored account sends its newest. */
async function latestAlertId(db: Db, tenant: Tenant, id: string): Promise<Result<string>> {
  const canned = sandboxAccount(id);
  if (canned) {
    const newest = [...canned.alerts].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    return newest ? ok(newest.id) : fail("invalid", "This account has no alert to send");
  }
  const [account] = await db
    .select({ id: monitoredAccounts.id })
    .from(monitoredAccounts)
    .where(and(eq(monitoredAccounts.id, id), ofTenant(monitoredAccounts, tenant)))
    .limit(1);
  if (!account) return fail("not_found", `Account ${id} not found`);
  const [alert] = await db
    .select({ id: accountAlerts.id })
    .from(accountAlerts)
    .where(and(eq(accountAlerts.accountId, id), ofTenant(accountAlerts, tenant)))
    .orderBy(desc(accountAlerts.createdAt), desc(accountAlerts.id))
    .limit(1);
  if (!alert) return fail("invalid", "This account has no alert to send", { code: "no_alert" });
  return ok(alert.id);
}
