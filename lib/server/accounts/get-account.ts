import { and, asc, eq } from "drizzle-orm";
import type { AccountDetail } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { accountAlerts, monitoredAccounts, type MonitoredAccount } from "@/lib/db/schema";
import { sandboxAccount } from "../sandbox/accounts";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import { toAccountDetail } from "./to-account";

/** The tenant's stored account row, or undefined (another team's or mode's counts as unknown). */
export async function findAccountRow(db: Db, tenant: Tenant, id: string): Promise<MonitoredAccount | undefined> {
  const [row] = await db
    .select()
    .from(monitoredAccounts)
    .where(and(eq(monitoredAccounts.id, id), ofTenant(monitoredAccounts, tenant)))
    .limit(1);
  return row;
}

/** GetAccountDetail: the account with its alerts and their matches. */
export async function getAccount(db: Db, tenant: Tenant, id: string): Promise<Result<AccountDetail>> {
  if (tenant.mode === "sandbox") {
    const canned = sandboxAccount(id);
    if (canned) return ok(canned);
  }
  const row = await findAccountRow(db, tenant, id);
  if (!row) return fail("not_found", `Account ${id} not found`);
  const alerts = await db
    .select()
    .from(accountAlerts)
    .where(and(eq(accountAlerts.accountId, row.id), ofTenant(accountAlerts, tenant)))
    .orderBy(asc(accountAlerts.createdAt));
  return ok(toAccountDetail(row, alerts));
}
