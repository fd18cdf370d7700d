import type { Metadata } from "next";
import { EmptyState, formatDateTime, PageHeader } from "@/components/console/page-header";
import { requireStaff } from "@/lib/auth/staff-context";
import { listAuditEntries } from "@/lib/server/console/list-audit-entries";
import { NextPageLink } from "@/components/console/next-page-link";

export const metadata: Metadata = { title: "Audit log" };

const ACTORS: Record<string, string> = { system: "System", api_client: "API client", cli: "Admin CLI", staff: "Staff" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const context = await requireStaff();
  const { cursor } = await searchParams;
  const result = await listAuditEntries(context.db, context.tenant, { cursor });
  const data = result.ok ? result.value : { items: [], nextCursor: null };
  return (
    <>
      <PageHeader title="Audit log" description={`Who did what, when and from where: ${context.mode} actions and team-wide ones.`} />
      {data.items.length === 0 ? (
        <EmptyState title="Nothing recorded yet" />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit entries, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">When</th>
                <th scope="col" className="px-4 py-3 font-semibold">Who</th>
                <th scope="col" className="px-4 py-3 font-semibold">What</th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">Target</th>
                <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">From</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((e) => (
                <tr key={e.id} className="align-top">
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(e.createdAt)}</td>
                  <td className="max-w-40 break-words px-4 py-3 text-slate-900">{e.actorEmail ?? `${ACTORS[e.actorType] ?? e.actorType}${e.actorId ? ` (${e.actorId})` : ""}`}</td>
                  <td className="px-4 py-3 font-mono text-xs text-slate-900">{e.action}</td>
                  <td className="hidden break-all px-4 py-3 font-mono text-xs text-slate-700 md:table-cell">{e.targetId ? `${e.targetType}: ${e.targetId}` : "—"}</td>
                  <td className="hidden px-4 py-3 text-xs text-slate-700 lg:table-cell" title={e.userAgent ?? undefined}>
                    {e.ip ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NextPageLink path="/console/audit" cursor={data.nextCursor} label="Older entries →" />
    </>
  );
}
