"use client";

import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { STATUS_LABELS } from "./status-badge";
import { cardClass } from "./styles";

const STATUS_COLORS: Record<string, string> = {
  InProgress: "#0369a1",
  ReadyForReview: "#6d28d9",
  Verified: "#047857",
  Refused: "#b45309",
  ManuallyReviewed: "#475569",
  LockedOut: "#be123c",
  Cancelled: "#64748b",
  Blocked: "#9f1239",
};
const REC_COLORS: Record<string, string> = { CLEAR: "#047857", REVIEW: "#b45309", REJECT: "#be123c", RADAR: "#1d4ed8" };

interface Props {
  casesByDay: ({ day: string } & Record<string, number | string>)[];
  statuses: string[];
  recommendations: { recommendation: string; count: number }[];
  webhooks: { delivered: number; failed: number; pending: number; attempts: number; successfulAttempts: number };
}

function ChartCard({
  id,
  title,
  summary,
  empty,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  empty?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${cardClass} p-4`}>
      <h2 id={id} className="font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-0.5 text-xs text-slate-700">{summary}</p>
      {/* The chart is a picture of the summary above; screen readers get the sentence. */}
      {empty ? (
        <div
          className="mt-3 flex h-24 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600"
          aria-hidden="true"
        >
          Nothing to chart yet
        </div>
      ) : (
        <div className="mt-3 h-64" aria-hidden="true">
          {children}
        </div>
      )}
    </section>
  );
}

export function OverviewCharts({ casesByDay, statuses, recommendations, webhooks }: Props) {
  const total = casesByDay.reduce((sum, d) => sum + statuses.reduce((s, k) => s + Number(d[k] ?? 0), 0), 0);
  const finished = webhooks.delivered + webhooks.failed;
  const rate = finished ? Math.round((webhooks.delivered / finished) * 100) : null;
  const webhookData = [
    { name: "Delivered", value: webhooks.delivered, color: "#047857" },
    { name: "Failed", value: webhooks.failed, color: "#be123c" },
    { name: "In flight", value: webhooks.pending, color: "#0369a1" },
  ].filter((d) => d.value > 0);
  const days = casesByDay.map((d) => ({ ...d, label: String(d.day).slice(5) }));
  return (
    <div className="grid items-start gap-4 lg:grid-cols-3">
      <div className="lg:col-span-3">
        <ChartCard
          id="chart-cases"
          title="Cases by status, last 14 days"
          summary={`${total} case${total === 1 ? "" : "s"} created in the last 14 days, by the status each has now.`}
          empty={total === 0}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={days} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#334155" }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#334155" }} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {statuses.map((s) => (
                <Bar key={s} dataKey={s} name={STATUS_LABELS[s]?.label ?? s} stackId="cases" fill={STATUS_COLORS[s] ?? "#64748b"} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </div>
      <ChartCard
        id="chart-risk"
        title="Risk recommendations"
        summary={
          recommendations.length ? recommendations.map((r) => `${r.recommendation}: ${r.count}`).join(", ") : "No risk assessments yet."
        }
        empty={recommendations.length === 0}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={recommendations} layout="vertical" margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11, fill: "#334155" }} />
            <YAxis type="category" dataKey="recommendation" tick={{ fontSize: 11, fill: "#334155" }} width={64} />
            <Tooltip />
            <Bar dataKey="count" name="Assessments">
              {recommendations.map((r) => (
                <Cell key={r.recommendation} fill={REC_COLORS[r.recommendation] ?? "#64748b"} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        id="chart-webhooks"
        title="Webhook success rate"
        summary={
          rate === null
            ? "No finished deliveries yet."
            : `${rate}% of finished messages delivered (${webhooks.delivered} delivered, ${webhooks.failed} failed); ${webhooks.successfulAttempts} of ${webhooks.attempts} attempts answered 2xx.`
        }
        empty={webhookData.length === 0}
      >
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              rootTabIndex={-1}
              data={webhookData}
              dataKey="value"
              nameKey="name"
              innerRadius="55%"
              outerRadius="85%"
              isAnimationActive={false}
            >
              {webhookData.map((d) => (
                <Cell key={d.name} fill={d.color} />
              ))}
            </Pie>
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
      <section aria-labelledby="chart-help" className={`${cardClass} p-4`}>
        <h2 id="chart-help" className="font-semibold text-slate-900">
          Reading these
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Everything on this page is of the selected team and mode; switch between Live and Sandbox at the top to see the other.
        </p>
      </section>
    </div>
  );
}
