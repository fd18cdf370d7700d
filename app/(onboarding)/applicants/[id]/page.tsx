import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge, RecommendationBadge, StateBadge } from "@/components/onboarding/badges";
import { PageShell } from "@/components/onboarding/brand";
import { SignOutButton } from "@/components/onboarding/staff-header";
import { ring } from "@/components/onboarding/ui";
import type { Address, RiskState, VerificationStatusValue } from "@/lib/contract";
import { getDb } from "@/lib/db";
import { requireAdmin } from "@/lib/onboarding/admin-auth";
import { getApplicant, listApplicantEvents } from "@/lib/onboarding/applicants";
import { readRisk } from "@/lib/onboarding/risk-summary";
import { addressLines } from "@/lib/onboarding/signup-schema";
import { VERIFICATION_STATUS_LABEL, type Tone } from "@/lib/onboarding/states";
import { signOutAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Applicant · Demo Money" }, robots: { index: false } };

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
const STATE_TONE: Record<RiskState, Tone> = { PASS: "good", FAIL: "bad", INCONCLUSIVE: "warn", PARTIAL: "warn", NOT_PERFORMED: "neutral" };
const ENRICHMENT_NAME: Record<string, string> = {
  credit_bureau: "Credit bureau",
  online_footprint: "Online footprint",
  aml: "AML screening",
  nfd: "National fraud database",
};

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="-mt-2 break-words text-slate-900 sm:mt-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default async function ApplicantPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireAdmin(`/applicants/${id}`);
  const db = await getDb();
  const applicant = await getApplicant(db, id);
  if (!applicant) notFound();
  const events = await listApplicantEvents(db, id);
  const risk = readRisk(applicant.riskResult);
  const status = applicant.verificationStatus as VerificationStatusValue | null;
  const address = applicant.address as Address | null;

  return (
    <PageShell wide header={<SignOutButton action={signOutAction} />}>
      <p>
        <Link href="/applicants" className={`text-sm font-semibold text-indigo-800 underline underline-offset-4 ${ring}`}>
          ← All applicants
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {applicant.firstName} {applicant.lastName}
        </h1>
        <StateBadge state={applicant.state} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Section title="Applicant" id="applicant">
          <Facts
            rows={[
              ["Email", applicant.email],
              ["Date of birth", applicant.dateOfBirth],
              [
                "Address",
                address
                  ? addressLines(address).map((l) => (
                      <span key={l} className="block">
                        {l}
                      </span>
                    ))
                  : "Not given",
              ],
              ["Applied", `${when.format(applicant.createdAt)} UTC`],
              [
                "Reference",
                <span key="ref" className="font-mono text-sm">
                  {applicant.id}
                </span>,
              ],
            ]}
          />
        </Section>

        <Section title="Identity verification" id="verification">
          {applicant.verificationId ? (
            <Facts
              rows={[
                [
                  "Status",
                  <span key="s" data-testid="verification-status">
                    {status ? (VERIFICATION_STATUS_LABEL[status] ?? status) : "Unknown"}
                  </span>,
                ],
                [
                  "Verification id",
                  <span key="v" className="font-mono text-sm" data-testid="verification-id">
                    {applicant.verificationId}
                  </span>,
                ],
                ["Last update", `${when.format(applicant.updatedAt)} UTC`],
              ]}
            />
          ) : (
            <p className="text-slate-700">No identity verification: the risk check decided without one.</p>
          )}
        </Section>

        <Section title="Risk check" id="risk">
          {risk ? (
            <div className="space-y-4">
              <Facts
                rows={[
                  ["Recommendation", <RecommendationBadge key="r" recommendation={risk.recommendation} score={risk.risk_score} />],
                  ["Fraud signals", risk.fraud_signals.length ? risk.fraud_signals.join(", ") : "None"],
                  ["Trust signals", risk.trust_signals.length ? risk.trust_signals.join(", ") : "None"],
                  [
                    "Monitoring",
                    risk.alerts_enabled_at ? `AML monitoring since ${when.format(new Date(risk.alerts_enabled_at))} UTC` : "Not enrolled",
                  ],
                  [
                    "Check id",
                    <span key="c" className="font-mono text-sm">
                      {risk.id}
                    </span>,
                  ],
                ]}
              />
              {Object.entries(risk.enrichment_reports).length > 0 && (
                <ul className="space-y-2" aria-label="Enrichments">
                  {Object.entries(risk.enrichment_reports).map(([name, report]) =>
                    report ? (
                      <li key={name} className="rounded-lg bg-slate-50 p-3">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <span className="font-medium text-slate-900">{ENRICHMENT_NAME[name] ?? name}</span>
                          <Badge tone={STATE_TONE[report.state]}>{report.state}</Badge>
                        </div>
                        <p className="mt-1 text-sm text-slate-700">
                          {Object.entries(report.checks)
                            .map(([check, result]) => `${check}: ${(result as { state: string }).state}`)
                            .join(" · ")}
                        </p>
                      </li>
                    ) : null,
                  )}
                </ul>
              )}
            </div>
          ) : (
            <p className="text-slate-700">No risk result stored.</p>
          )}
        </Section>

        <Section title={`Webhook events received (${events.length})`} id="events">
          {events.length === 0 ? (
            <p className="text-slate-700" data-testid="no-events">
              None yet. The service sends an event each time the verification moves.
            </p>
          ) : (
            <ol className="space-y-2">
              {events.map((e) => {
                const payloadStatus = (e.payload as { status?: string }).status;
                return (
                  <li key={e.id} className="rounded-lg bg-slate-50 p-3" data-testid="event-row">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold text-slate-900" data-testid="event-name">
                        {e.event}
                      </span>
                      <span className="text-sm text-slate-700">{when.format(e.receivedAt)} UTC</span>
                    </div>
                    <p className="mt-1 break-all text-sm text-slate-700">
                      {payloadStatus ? `Status ${payloadStatus} · ` : ""}
                      <span className="font-mono text-xs">{e.webhookId}</span>
                    </p>
                  </li>
                );
              })}
            </ol>
          )}
        </Section>
      </div>
    </PageShell>
  );
}
