import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { AccountSummary } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { accountAlerts, monitoredAccounts } from "@/lib/db/schema";
import { SANDBOX_ACCOUNTS, toAccountSummary as cannedSummary } from "../sandbox/accounts";
import { type Tenant, ofTenant } from "../shared/tenant";
import { toAccountSummary } from "../accounts/to-account";

export interface ConsoleAccount extends AccountSummary {
  openAlerts: number;
  canned: boolean;
}

type Status = AccountSummary["status"];

/** Monitored people of the tenant, newest first, with their unacknowledged alerts; sandbox adds the canned two. */
export async function listConsoleAccounts(db: Db, tenant: Tenant, filter: { status?: Status } = {}): Promise<ConsoleAccount[]> {
  const open = db
    .select({ accountId: accountAlerts.accountId, count: sql<number>`count(*)::int`.as("count") })
    .from(accountAlerts)
    .where(and(ofTenant(accountAlerts, tenant), isNull(accountAlerts.acknowledgedAt)))
    .groupBy(accountAlerts.accountId)
    .as("open");
  const conditions = [ofTenant(monitoredAccounts, tenant)];
  if (filter.status) conditions.push(eq(monitoredAccounts.status, filter.status));
  const rows = await db
    .select({ account: monitoredAccounts, openAlerts: open.count })
    .from(monitoredAccounts)
    .leftJoin(open, eq(open.accountId, monitoredAccounts.id))
    .where(and(...conditions))
    .orderBy(desc(monitoredAccounts.createdAt), desc(monitoredAccounts.id))
    .limit(200);
  const accounts: ConsoleAccount[] = rows.map((r) => ({ ...toAccountSummary(r.account), openAlerts: r.openAlerts ?? 0, canned: false }));
  if (tenant.mode === "sandbox") {
    for (const a of SANDBOX_ACCOUNTS) {
      if (filter.status && a.status !== filter.status) continue;
      accounts.push({ ...cannedSummary(a), openAlerts: a.alerts.filter((x) => !x.acknowledged_at).length, canned: true });
    }
  }
  return accounts;
}
