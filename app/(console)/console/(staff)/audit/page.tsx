import type { Metadata } from "next";
import { ListTable } from "@/components/console/list-page";
import { formatDateTime, PageHeader } from "@/components/console/page-header";
import { requireStaff } from "@/lib/auth/staff-context";
import { listAuditEntries } from "@/lib/server/console/list-audit-entries";
import { NextPageLink } from "@/components/console/next-page-link";

export const metadata: Metadata = { title: "Audit log" };

const ACTORS: Record<string, string> = { system: "System", api_client: "API client", cli: "Admin CLI", staff: "Staff" };
const COLUMNS = [
  { label: "When" },
  { label: "Who" },
  { label: "What" },
  { label: "Target", className: "hidden md:table-cell" },
  { label: "From", className: "hidden lg:table-cell" },
];

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const context = await requireStaff();
  const { cursor } = await searchParams;
  const result = await listAuditEntries(context.db, context.tenant, { cursor });
  const data = result.ok ? result.value : { items: [], nextCursor: null };
  return (
    <>
      <PageHeader title="Audit log" description={`Who did what, when and from where: ${context.mode} actions and team-wide ones.`} />
      <ListTable
        caption="Audit entries, newest first"
        columns={COLUMNS}
        empty={data.items.length === 0 ? { title: "Nothing recorded yet" } : null}
      >
        {data.items.map((e) => (
          <tr key={e.id} className="align-top">
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(e.createdAt)}</td>
            <td className="max-w-40 break-words px-4 py-3 text-slate-900">
              {e.actorEmail ?? `${ACTORS[e.actorType] ?? e.actorType}${e.actorId ? ` (${e.actorId})` : ""}`}
            </td>
            <td className="px-4 py-3 font-mono text-xs text-slate-900">{e.action}</td>
            <td className="hidden break-all px-4 py-3 font-mono text-xs text-slate-700 md:table-cell">
              {e.targetId ? `${e.targetType}: ${e.targetId}` : "—"}
            </td>
            <td className="hidden px-4 py-3 text-xs text-slate-700 lg:table-cell" title={e.userAgent ?? undefined}>
              {e.ip ?? "—"}
            </td>
          </tr>
        ))}
      </ListTable>
      <NextPageLink path="/console/audit" cursor={data.nextCursor} label="Older entries →" />
    </>
  );
}
