import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { accountAlerts, monitoredAccounts } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { sandboxAccount } from "../sandbox/accounts";
import { fail, ok, type Result } from "../shared/result";
import { type Actor, type Tenant, ofTeam, ofTenant } from "../shared/tenant";
import { findAccountRow } from "./get-account";

type Success = { success: true };

// The canned sandbox accounts answer success and stay as they are: sandbox answers are stable.
const cannedSuccess = (tenant: Tenant, id: string) => tenant.mode === "sandbox" && sandboxAccount(id) !== undefined;

/** ToggleAlerts: ongoing monitoring on (keeps the first enrolment time) or off. */
export async function toggleAlerts(
  db: Db,
  tenant: Tenant,
  input: { id: string; enabled: boolean; actor: Actor },
): Promise<Result<Success>> {
  if (cannedSuccess(tenant, input.id)) return ok({ success: true });
  return db.transaction(async (tx) => {
    const row = await findAccountRow(tx as unknown as Db, tenant, input.id);
    if (!row) return fail("not_found", `Account ${input.id} not found`);
    const alertsEnabledAt = input.enabled ? (row.alertsEnabledAt ?? new Date()) : null;
    await tx
      .update(monitoredAccounts)
      .set({ alertsEnabledAt })
      .where(and(eq(monitoredAccounts.id, row.id), ofTenant(monitoredAccounts, tenant)));
    await recordAudit(tx, {
      ...tenant,
      actor: input.actor,
      action: input.enabled ? "account.alerts_enabled" : "account.alerts_disabled",
      targetType: "account",
      targetId: row.id,
    });
    return ok({ success: true as const });
  });
}

/** Acknowledge: every open alert of the account is marked seen, and a New account becomes Acknowledged. */
export async function acknowledgeAccount(db: Db, tenant: Tenant, input: { id: string; actor: Actor }): Promise<Result<Success>> {
  if (cannedSuccess(tenant, input.id)) return ok({ success: true });
  return db.transaction(async (tx) => {
    const row = await findAccountRow(tx as unknown as Db, tenant, input.id);
    if (!row) return fail("not_found", `Account ${input.id} not found`);
    const now = new Date();
    await tx
      .update(accountAlerts)
      .set({ acknowledgedAt: now, acknowledgedBy: input.actor.id ?? input.actor.type })
      .where(and(eq(accountAlerts.accountId, row.id), ofTeam(accountAlerts, tenant.teamId), isNull(accountAlerts.acknowledgedAt)));
    if (row.status === "New") {
      await tx
        .update(monitoredAccounts)
        .set({ status: "Acknowledged" })
        .where(and(eq(monitoredAccounts.id, row.id), ofTenant(monitoredAccounts, tenant)));
    }
    await recordAudit(tx, { ...tenant, actor: input.actor, action: "account.acknowledged", targetType: "account", targetId: row.id });
    return ok({ success: true as const });
  });
}
