import type { AccountDetail, AccountSummary } from "@/lib/contract";

// spec 4.11 rule 1: two monitored accounts, each with one alert already raised. Fictional people.

const OFAC = { id: "us_ofac_sdn", title: "US OFAC Specially Designated Nationals (SDN) List" };
const PEP = { id: "peps", title: "Politically Exposed Persons (sample)" };

export const SANDBOX_ACCOUNTS: readonly AccountDetail[] = [
  {
    id: "sl_sandbox_001",
    name: "Ivan Sample",
    first_name: "Ivan",
    last_name: "Sample",
    risk_type: "sanction",
    status: "New",
    alerts_enabled_at: "2026-01-05T09:00:00.000Z",
    last_screened_at: "2026-01-06T02:00:00.000Z",
    created_at: "2026-01-05T09:00:00.000Z",
    email: "ivan.sample@email.com",
    date_of_birth: "1971-04-12",
    alerts: [
      {
        id: "alert_sandbox_001",
        created_at: "2026-01-06T02:00:00.000Z",
        acknowledged_at: null,
        matches: [{ id: "sandbox-entity-001", caption: "Ivan SAMPLE", entity_type: "Person", datasets: [OFAC], score: 98 }],
      },
    ],
  },
  {
    id: "sl_sandbox_002",
    name: "Maria Sample",
    first_name: "Maria",
    last_name: "Sample",
    risk_type: "pep",
    status: "Acknowledged",
    alerts_enabled_at: "2026-01-05T09:00:00.000Z",
    last_screened_at: "2026-01-06T02:00:00.000Z",
    created_at: "2026-01-05T09:05:00.000Z",
    email: "maria.sample@email.com",
    date_of_birth: "1966-11-02",
    alerts: [
      {
        id: "alert_sandbox_002",
        created_at: "2026-01-06T02:00:00.000Z",
        acknowledged_at: "2026-01-06T10:30:00.000Z",
        matches: [{ id: "sandbox-entity-002", caption: "Maria SAMPLE", entity_type: "Person", datasets: [PEP], score: 97 }],
      },
    ],
  },
];

export function sandboxAccount(id: string): AccountDetail | undefined {
  return SANDBOX_ACCOUNTS.find((a) => a.id === id);
}

export function toAccountSummary(account: AccountDetail): AccountSummary {
  const { email: _email, date_of_birth: _dob, alerts: _alerts, ...summary } = account;
  return summary;
}
