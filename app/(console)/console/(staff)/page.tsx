import type { Metadata } from "next";
import Link from "next/link";
import { OverviewCharts } from "@/components/console/overview-charts";
import { PageHeader } from "@/components/console/page-header";
import { cardClass, focusRing } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { getOverviewStats } from "@/lib/server/console/get-overview-stats";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const context = await requireStaff();
  const stats = await getOverviewStats(context.db, context.tenant);
  const tiles = [
    { label: "Cases", value: stats.totals.cases, href: "/console/cases" },
    { label: "Need review", value: stats.totals.needsReview, href: "/console/cases?status=Refused" },
    { label: "Open alerts", value: stats.totals.openAlerts, href: "/console/accounts?status=New" },
    { label: "Risk assessments", value: stats.totals.riskAssessments, href: "/console/risk" },
  ];
  return (
    <>
      <PageHeader title="Overview" description={`${context.team.name}, ${context.mode === "sandbox" ? "sandbox" : "live"} data.`} />
      <ul className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((t) => (
          <li key={t.label}>
            <Link href={t.href} className={`${cardClass} block p-4 hover:border-brand-500 ${focusRing}`}>
              <span className="block text-sm text-slate-700">{t.label}</span>
              <span className="mt-1 block text-2xl font-semibold text-slate-900">{t.value}</span>
            </Link>
          </li>
        ))}
      </ul>
      <OverviewCharts
        casesByDay={stats.casesByDay}
        statuses={stats.statuses}
        recommendations={stats.recommendations}
        webhooks={stats.webhooks}
      />
    </>
  );
}
