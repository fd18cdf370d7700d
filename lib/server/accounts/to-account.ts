import type { AccountDetail, AccountSummary } from "@/lib/contract";
import type { AccountAlert, MonitoredAccount } from "@/lib/db/schema";

export function toAccountSummary(row: MonitoredAccount): AccountSummary {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    first_name: row.firstName,
    last_name: row.lastName,
    risk_type: row.riskType,
    status: row.status,
    alerts_enabled_at: row.alertsEnabledAt?.toISOString() ?? null,
    last_screened_at: row.lastScreenedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toAccountDetail(row: MonitoredAccount, alerts: AccountAlert[]): AccountDetail {
  return {
    ...toAccountSummary(row),
    email: row.email,
    date_of_birth: row.dateOfBirth,
    alerts: alerts.map((a) => ({
      id: a.id,
      created_at: a.createdAt.toISOString(),
      acknowledged_at: a.acknowledgedAt?.toISOString() ?? null,
      matches: a.matches,
    })),
  };
}
