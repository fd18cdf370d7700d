import type { Db } from "@/lib/db";
import { accountAlerts, monitoredAccounts } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { newId } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/**
 * Sandbox only: a fictional monitored person with one open sanctions alert, stored for the tenant,
 * so staff can try acknowledging and monitoring on/off (the canned accounts never change).
 */
export async function addSandboxTestAccount(
  db: Db,
  tenant: Tenant,
  input: { staff: StaffRef; now?: Date },
): Promise<Result<{ id: string }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: tenant.teamId, permission: "manage_alerts" });
  if (!allowed.ok) return allowed;
  if (tenant.mode !== "sandbox") return fail("refused", "Test accounts exist in sandbox only");
  const now = input.now ?? new Date();
  const id = newId("sl_test");
  await db.transaction(async (tx) => {
    await tx.insert(monitoredAccounts).values({
      id,
      teamId: tenant.teamId,
      mode: tenant.mode,
      firstName: "Test",
      lastName: "Person",
      email: "test.person@email.com",
      dateOfBirth: "1970-01-01",
      riskType: "sanction",
      status: "New",
      alertsEnabledAt: now,
      lastScreenedAt: now,
    });
    await tx.insert(accountAlerts).values({
      id: newId("alert_test"),
      teamId: tenant.teamId,
      mode: tenant.mode,
      accountId: id,
      matches: [
        {
          id: "sandbox-entity-test",
          caption: "Test PERSON",
          entity_type: "Person",
          datasets: [{ id: "us_ofac_sdn", title: "US OFAC Specially Designated Nationals (SDN) List" }],
          score: 95,
        },
      ],
    });
    await recordAudit(tx, { ...tenant, actor: allowed.value.actor, action: "account.test_created", targetType: "account", targetId: id });
  });
  return ok({ id });
}
