import type { Metadata } from "next";
import Link from "next/link";
import { ListTable } from "@/components/console/list-page";
import { formatDateTime, PageHeader } from "@/components/console/page-header";
import { RecommendationBadge } from "@/components/console/score-gauge";
import { buttonPrimary, focusRing } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { listRiskAssessments } from "@/lib/server/console/list-risk-assessments";
import { NextPageLink } from "@/components/console/next-page-link";

export const metadata: Metadata = { title: "Risk assessments" };

const COLUMNS = [
  { label: "Person" },
  { label: "Result" },
  { label: "Score", className: "hidden sm:table-cell" },
  { label: "Enrichments", className: "hidden md:table-cell" },
  { label: "Assessed", className: "hidden lg:table-cell" },
];

export default async function RiskPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const context = await requireStaff();
  const { cursor } = await searchParams;
  const result = await listRiskAssessments(context.db, context.tenant, { cursor });
  const data = result.ok ? result.value : { items: [], nextCursor: null };
  return (
    <>
      <PageHeader title="Risk assessments" description="Every person assessed through POST /api/v2/risk or run here by hand, newest first.">
        {context.can("review") ? (
          <Link href="/console/risk/new" className={buttonPrimary}>
            Run an assessment
          </Link>
        ) : null}
      </PageHeader>
      <ListTable
        caption="Risk assessments"
        columns={COLUMNS}
        empty={
          data.items.length === 0
            ? { title: "No risk assessments yet", body: "They appear here as your integration calls the risk endpoint." }
            : null
        }
      >
        {data.items.map((r) => (
          <tr key={r.id}>
            <td className="max-w-0 px-4 py-3 sm:max-w-none">
              <Link href={`/console/risk/${r.id}`} className={`block truncate font-medium text-brand-700 hover:underline ${focusRing}`}>
                {r.name}
              </Link>
              <span className="block truncate text-xs text-slate-700">{r.email}</span>
            </td>
            <td className="px-4 py-3">
              <RecommendationBadge value={r.recommendation} />
            </td>
            <td className="hidden px-4 py-3 font-semibold sm:table-cell">{r.riskScore ?? "—"}</td>
            <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{r.enrichments.join(", ") || "—"}</td>
            <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 lg:table-cell">{formatDateTime(r.createdAt)}</td>
          </tr>
        ))}
      </ListTable>
      <NextPageLink path="/console/risk" cursor={data.nextCursor} label="Next page →" />
    </>
  );
}
