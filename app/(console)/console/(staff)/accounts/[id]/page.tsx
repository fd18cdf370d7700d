import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AccountStatusBadge } from "@/components/console/account-status";
import { formatDateTime } from "@/components/console/page-header";
import { buttonPrimary, buttonSecondary, cardClass, linkClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { getAccount } from "@/lib/server/accounts/get-account";
import { sandboxAccount } from "@/lib/server/sandbox/accounts";
import { acknowledgeAction, setAlertsAction } from "../actions";

export const metadata: Metadata = { title: "Monitored account" };

export default async function AccountPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  const context = await requireStaff();
  const found = await getAccount(context.db, context.tenant, id);
  if (!found.ok) notFound();
  const account = found.value;
  const canned = context.mode === "sandbox" && sandboxAccount(id) !== undefined;
  const canAct = context.can("manage_alerts") && !canned;
  const open = account.alerts.filter((a) => !a.acknowledged_at).length;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/console/accounts" className={linkClass}>
          ← All accounts
        </Link>
      </p>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{account.name}</h1>
          <p className="mt-1 font-mono text-xs text-slate-700">{account.id}</p>
        </div>
        <span className="self-start sm:self-auto" data-testid="account-status">
          <AccountStatusBadge status={account.status} />
        </span>
      </div>
      {canned ? (
        <p role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          A canned sandbox account (spec 4.11): it always answers the same, so it is read-only here. Use “Add a test account with an alert”
          on the list to try acknowledging.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="person" className={`${cardClass} p-4`}>
          <h2 id="person" className="font-semibold text-slate-900">
            Person
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            {[
              ["Email", account.email ?? "—"],
              ["Date of birth", account.date_of_birth ?? "—"],
              ["Risk type", account.risk_type ?? "—"],
              ["Monitoring since", formatDateTime(account.alerts_enabled_at)],
              ["Last screened", formatDateTime(account.last_screened_at)],
            ].map(([k, v]) => (
              <div key={k} className="flex justify-between gap-4">
                <dt className="text-slate-700">{k}</dt>
                <dd className="break-all text-right font-medium text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
          {canAct ? (
            <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
              {open > 0 ? (
                <form action={acknowledgeAction.bind(null, account.id)}>
                  <button type="submit" className={buttonPrimary}>
                    Acknowledge {open === 1 ? "alert" : `${open} alerts`}
                  </button>
                </form>
              ) : null}
              <form action={setAlertsAction.bind(null, account.id, !account.alerts_enabled_at)}>
                <button type="submit" className={buttonSecondary}>
                  {account.alerts_enabled_at ? "Turn alerts off" : "Turn alerts on"}
                </button>
              </form>
            </div>
          ) : null}
        </section>
        <section aria-labelledby="alerts" className="lg:col-span-2">
          <h2 id="alerts" className="mb-3 font-semibold text-slate-900">
            Alerts and matches
          </h2>
          {account.alerts.length === 0 ? (
            <p className="text-sm text-slate-700">No alerts: no screening match so far.</p>
          ) : (
            <ul className="space-y-3">
              {account.alerts.map((alert) => (
                <li key={alert.id} className={`${cardClass} p-4`} data-testid="alert">
                  <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="font-semibold text-slate-900">Alert raised {formatDateTime(alert.created_at)}</span>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${alert.acknowledged_at ? "bg-slate-100 text-slate-800 ring-slate-300" : "bg-rose-100 text-rose-900 ring-rose-300"}`}
                    >
                      {alert.acknowledged_at ? `Acknowledged ${formatDateTime(alert.acknowledged_at)}` : "Open"}
                    </span>
                  </p>
                  <ul className="mt-3 divide-y divide-slate-100">
                    {alert.matches.map((m) => (
                      <li key={m.id} className="py-2 text-sm">
                        <p className="flex flex-wrap items-center justify-between gap-2">
                          <span className="font-medium text-slate-900">
                            {m.caption} <span className="font-normal text-slate-700">· {m.entity_type}</span>
                          </span>
                          <span className="text-xs font-semibold text-slate-800">match score {m.score}</span>
                        </p>
                        <p className="mt-0.5 text-xs text-slate-700">{m.datasets.map((d) => d.title).join(" · ")}</p>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
