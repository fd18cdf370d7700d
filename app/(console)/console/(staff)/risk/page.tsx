import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState, formatDateTime, PageHeader } from "@/components/console/page-header";
import { RecommendationBadge } from "@/components/console/score-gauge";
import { buttonPrimary, focusRing } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { listRiskAssessments } from "@/lib/server/console/list-risk-assessments";
import { NextPageLink } from "@/components/console/next-page-link";

export const metadata: Metadata = { title: "Risk assessments" };

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
      {data.items.length === 0 ? (
        <EmptyState title="No risk assessments yet">They appear here as your integration calls the risk endpoint.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Risk assessments</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Person</th>
                <th scope="col" className="px-4 py-3 font-semibold">Result</th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">Score</th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">Enrichments</th>
                <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">Assessed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
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
            </tbody>
          </table>
        </div>
      )}
      <NextPageLink path="/console/risk" cursor={data.nextCursor} label="Next page →" />
    </>
  );
}
