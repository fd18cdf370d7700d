import type { Metadata } from "next";
import Link from "next/link";
import { AccountStatusBadge } from "@/components/console/account-status";
import { EmptyState, formatDateTime, PageHeader } from "@/components/console/page-header";
import { buttonPrimary, buttonSecondary, focusRing } from "@/components/console/styles";
import { accountStatusSchema } from "@/lib/contract";
import { requireStaff } from "@/lib/auth/staff-context";
import { listConsoleAccounts } from "@/lib/server/console/list-console-accounts";
import { addTestAccountAction } from "./actions";

export const metadata: Metadata = { title: "Monitored accounts and alerts" };

export default async function AccountsPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const context = await requireStaff();
  const status = accountStatusSchema.safeParse((await searchParams).status);
  const accounts = await listConsoleAccounts(context.db, context.tenant, { status: status.success ? status.data : undefined });
  const filters = [
    { label: "All", value: undefined },
    { label: "New alerts", value: "New" },
    { label: "Acknowledged", value: "Acknowledged" },
    { label: "Clear", value: "Clear" },
  ];
  return (
    <>
      <PageHeader
        title="Monitored accounts and alerts"
        description="People under ongoing sanctions and PEP screening; a new match raises an alert."
      >
        {context.mode === "sandbox" && context.can("manage_alerts") ? (
          <form action={addTestAccountAction}>
            <button type="submit" className={buttonPrimary}>
              Add a test account with an alert
            </button>
          </form>
        ) : null}
      </PageHeader>
      <nav aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => {
          const current = (status.success ? status.data : undefined) === f.value;
          return (
            <Link
              key={f.label}
              href={f.value ? `/console/accounts?status=${f.value}` : "/console/accounts"}
              aria-current={current ? "page" : undefined}
              className={`${buttonSecondary} px-3 py-1.5 ${current ? "border-brand-700 bg-brand-50 text-brand-900" : ""}`}
            >
              {f.label}
            </Link>
          );
        })}
      </nav>
      {accounts.length === 0 ? (
        <EmptyState title="No monitored accounts">Risk assessments with the AML enrichment enrol people here.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Monitored accounts</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Person
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                  Open alerts
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                  Monitoring
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">
                  Last screened
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {accounts.map((a) => (
                <tr key={a.id}>
                  <td className="px-4 py-3">
                    <Link
                      href={`/console/accounts/${encodeURIComponent(a.id)}`}
                      className={`font-medium text-brand-700 hover:underline ${focusRing}`}
                    >
                      {a.name}
                    </Link>
                    <span className="block font-mono text-xs text-slate-600">
                      {a.id}
                      {a.canned ? " · canned" : ""}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <AccountStatusBadge status={a.status} />
                  </td>
                  <td className="hidden px-4 py-3 sm:table-cell">{a.openAlerts}</td>
                  <td className="hidden px-4 py-3 md:table-cell">{a.alerts_enabled_at ? "On" : "Off"}</td>
                  <td className="hidden px-4 py-3 lg:table-cell">{formatDateTime(a.last_screened_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
