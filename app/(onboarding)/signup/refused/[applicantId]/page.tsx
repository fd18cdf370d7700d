import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageShell } from "@/components/onboarding/brand";
import { card } from "@/components/onboarding/ui";
import { getDb } from "@/lib/db";
import { getApplicant } from "@/lib/onboarding/applicants";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "We can't open an account · Demo Money" }, robots: { index: false } };

export default async function RefusedPage({ params }: { params: Promise<{ applicantId: string }> }) {
  const { applicantId } = await params;
  const applicant = await getApplicant(await getDb(), applicantId);
  if (!applicant || applicant.state !== "refused") notFound();
  // Polite and plain, and deliberately without the reasons: fraud signals are not shared.
  return (
    <PageShell>
      <div className={card}>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          We&rsquo;re sorry, we can&rsquo;t open an account for you
        </h1>
        <p className="mt-4 text-lg text-slate-800" data-testid="refusal-text">
          Thank you for applying, {applicant.firstName}. We aren&rsquo;t able to offer you an account at the moment.
        </p>
        <p className="mt-3 text-slate-700">
          Our decision is based on the details you gave us and the checks we make with our fraud prevention partners. It isn&rsquo;t a
          credit check and it doesn&rsquo;t affect your credit score.
        </p>
        <h2 className="mt-8 text-lg font-semibold text-slate-900">If you think this is a mistake</h2>
        <p className="mt-2 text-slate-700">
          Contact our support team and quote the reference below. We&rsquo;ll look at your application again.
        </p>
        <p className="mt-6 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
          Reference: <span className="font-mono font-semibold break-all">{applicant.id}</span>
        </p>
      </div>
    </PageShell>
  );
}
