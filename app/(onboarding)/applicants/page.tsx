import type { Metadata } from "next";
import Link from "next/link";
import { RecommendationBadge, StateBadge } from "@/components/onboarding/badges";
import { PageShell } from "@/components/onboarding/brand";
import { SignOutButton } from "@/components/onboarding/staff-header";
import { ring } from "@/components/onboarding/ui";
import type { VerificationStatusValue } from "@/lib/contract";
import { getDb } from "@/lib/db";
import { requireAdmin } from "@/lib/onboarding/admin-auth";
import { listApplicants } from "@/lib/onboarding/applicants";
import { readRisk } from "@/lib/onboarding/risk-summary";
import { VERIFICATION_STATUS_LABEL } from "@/lib/onboarding/states";
import { signOutAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Applicants · Demo Money" }, robots: { index: false } };

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function ApplicantsPage() {
  await requireAdmin("/applicants");
  const rows = await listApplicants(await getDb(), { limit: 200 });
  return (
    <PageShell wide header={<SignOutButton action={signOutAction} />}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Applicants</h1>
        <p className="text-sm text-slate-700">
          {rows.length} {rows.length === 1 ? "applicant" : "applicants"}, newest first · times in UTC
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          No one has signed up yet.{" "}
          <Link href="/signup" className={`font-semibold text-indigo-800 underline ${ring}`}>
            Open the sign-up form
          </Link>
        </p>
      ) : (
        <ul
          className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          aria-label="Applicants"
        >
          {rows.map((a) => {
            const risk = readRisk(a.riskResult);
            const status = a.verificationStatus as VerificationStatusValue | null;
            return (
              <li key={a.id}>
                <Link
                  href={`/applicants/${a.id}`}
                  className={`grid gap-x-6 gap-y-2 p-4 hover:bg-slate-50 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] sm:items-center ${ring}`}
                  data-testid="applicant-row"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">
                      {a.firstName} {a.lastName}
                    </span>
                    <span className="block truncate text-sm text-slate-700">{a.email}</span>
                    <span className="block text-xs text-slate-600">{when.format(a.createdAt)}</span>
                  </span>
                  <span className="flex flex-wrap items-center gap-2 sm:block">
                    <span className="text-xs font-medium text-slate-600 sm:block">Risk</span>{" "}
                    {risk ? (
                      <RecommendationBadge recommendation={risk.recommendation} score={risk.risk_score} />
                    ) : (
                      <span className="text-sm text-slate-700">–</span>
                    )}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 sm:block">
                    <span className="text-xs font-medium text-slate-600 sm:block">Status</span> <StateBadge state={a.state} />
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-slate-800 sm:block">
                    <span className="text-xs font-medium text-slate-600 sm:block">Verification</span>{" "}
                    {status ? (VERIFICATION_STATUS_LABEL[status] ?? status) : "None"} · {a.eventCount}{" "}
                    {a.eventCount === 1 ? "event" : "events"}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </PageShell>
  );
}
