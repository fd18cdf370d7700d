import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EvidenceGrid } from "@/components/console/evidence-grid";
import { formatDateTime } from "@/components/console/page-header";
import { ScoreGauge } from "@/components/console/score-gauge";
import { cardClass, linkClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { getRiskAssessment } from "@/lib/server/console/get-risk-assessment";
import { listEvidence } from "@/lib/server/evidence/list-evidence";
import { FraudReportSection } from "../../_fraud-report/fraud-report-section";

export const metadata: Metadata = { title: "Risk assessment" };

const STATE_TONE: Record<string, string> = {
  PASS: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  FAIL: "bg-rose-100 text-rose-900 ring-rose-300",
};
const ACRONYMS: Record<string, string> = { aml: "AML screening", nfd: "National fraud database" };
const words = (s: string) =>
  ACRONYMS[s] ??
  s
    .replace(/_/g, " ")
    .toLowerCase()
    .replace(/^\w/, (c) => c.toUpperCase())
    .replace(/\b(Aml|Nfd)\b/g, (w) => w.toUpperCase());

function State({ state }: { state: string }) {
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_TONE[state] ?? "bg-slate-100 text-slate-800 ring-slate-300"}`}
    >
      {state}
    </span>
  );
}

export default async function RiskDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const context = await requireStaff();
  const found = await getRiskAssessment(context.db, context.tenant, id);
  if (!found.ok) notFound();
  const r = found.value.response;
  const evidence = await listEvidence(context.db, context.tenant, "risk_assessment", r.id);
  const headline = "risk_score" in r ? r : null;
  const radar = "radar_verification_report" in r ? r.radar_verification_report : null;
  const reports = Object.entries(r.enrichment_reports ?? {}) as [
    string,
    { state: string; checks: Record<string, { state: string; reason?: string }> },
  ][];
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/console/risk" className={linkClass}>
          ← All risk assessments
        </Link>
      </p>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {r.first_name} {r.last_name}
      </h1>
      <p className="mt-1 mb-6 break-all text-sm text-slate-700">
        {r.email} · born {r.date_of_birth} · assessed {formatDateTime(r.created_at)} · <span className="font-mono text-xs">{r.id}</span>
      </p>
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="score" className={`${cardClass} p-4`}>
          <h2 id="score" className="font-semibold text-slate-900">
            {headline ? "Trust score" : "Fraud radar"}
          </h2>
          {headline ? (
            <div className="mt-3">
              <ScoreGauge score={headline.risk_score} recommendation={headline.recommendation} />
              <p className="mt-2 text-center text-xs text-slate-700">100 is the lowest risk. CLEAR 60–100 · REVIEW 34–59 · REJECT 0–33</p>
            </div>
          ) : radar ? (
            <p className="mt-3 flex items-center gap-2 text-sm">
              Overall <State state={radar.state} />
            </p>
          ) : null}
        </section>
        <section aria-labelledby="signals" className={`${cardClass} p-4 lg:col-span-2`}>
          <h2 id="signals" className="font-semibold text-slate-900">
            Signals
          </h2>
          {headline ? (
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <div>
                <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Fraud signals</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {headline.fraud_signals.length ? (
                    headline.fraud_signals.map((s) => (
                      <li key={s} className="text-rose-900">
                        ✕ {words(s)}
                      </li>
                    ))
                  ) : (
                    <li className="text-slate-700">None</li>
                  )}
                </ul>
              </div>
              <div>
                <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Trust signals</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {headline.trust_signals.length ? (
                    headline.trust_signals.map((s) => (
                      <li key={s} className="text-emerald-900">
                        ✓ {words(s)}
                      </li>
                    ))
                  ) : (
                    <li className="text-slate-700">None</li>
                  )}
                </ul>
              </div>
            </div>
          ) : radar ? (
            <ul className="mt-3 divide-y divide-slate-100 text-sm">
              {radar.checks.map((c) => (
                <li key={c.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <span className="text-slate-900">{words(c.name)}</span>
                    {c.reason ? <span className="block text-xs text-slate-700">{c.reason}</span> : null}
                  </span>
                  <State state={c.state} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      {headline?.metadata.score_factors?.length ? (
        <section aria-labelledby="factors" className="mt-8">
          <h2 id="factors" className="mb-1 text-lg font-semibold text-slate-900">
            How the score was made
          </h2>
          <p className="mb-3 text-sm text-slate-700">
            The score starts at 100; each finding below takes off its points (thresholds: AML {headline.metadata.thresholds.aml}, online
            footprint {headline.metadata.thresholds.online_footprint}).
          </p>
          <ul className={`${cardClass} divide-y divide-slate-100 text-sm`}>
            {headline.metadata.score_factors.map((f) => (
              <li key={f.name} className="flex flex-wrap items-start justify-between gap-2 px-4 py-2">
                <span className="min-w-0 flex-1">
                  <span className="text-slate-900">{words(f.name)}</span>
                  <span className="block break-words text-xs text-slate-700">{f.reason}</span>
                </span>
                <span className="flex items-center gap-2">
                  <span className={`text-xs font-semibold tabular-nums ${f.points ? "text-rose-900" : "text-slate-600"}`}>
                    {f.points ? `−${f.points}` : "0"}
                  </span>
                  <State state={f.state} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="reports" className="mt-8">
        <h2 id="reports" className="mb-3 text-lg font-semibold text-slate-900">
          Enrichment reports
        </h2>
        {reports.length === 0 ? (
          <p className="text-sm text-slate-700">No enrichments were requested.</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {reports.map(([name, report]) => (
              <section key={name} aria-labelledby={`report-${name}`} className={`${cardClass} p-4`}>
                <div className="flex items-center justify-between gap-2">
                  <h3 id={`report-${name}`} className="font-semibold text-slate-900">
                    {words(name)}
                  </h3>
                  <State state={report.state} />
                </div>
                <ul className="mt-2 divide-y divide-slate-100 text-sm">
                  {Object.entries(report.checks).map(([check, result]) => (
                    <li key={check} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        <span className="text-slate-900">{words(check)}</span>
                        {result.reason ? <span className="block text-xs text-slate-700">{result.reason}</span> : null}
                      </span>
                      <State state={result.state} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="evidence" className="mt-8">
        <h2 id="evidence" className="mb-3 text-lg font-semibold text-slate-900">
          Evidence
        </h2>
        <EvidenceGrid items={evidence} subject={`${r.first_name} ${r.last_name}`} />
      </section>
      <FraudReportSection context={context} subjectType="risk_assessment" subjectId={r.id} />
    </>
  );
}
