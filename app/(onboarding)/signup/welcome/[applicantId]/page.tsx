import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageShell } from "@/components/onboarding/brand";
import { card } from "@/components/onboarding/ui";
import { getDb } from "@/lib/db";
import { getApplicant } from "@/lib/onboarding/applicants";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Welcome · Demo Money" }, robots: { index: false } };

export default async function WelcomePage({ params }: { params: Promise<{ applicantId: string }> }) {
  const { applicantId } = await params;
  const applicant = await getApplicant(await getDb(), applicantId);
  // Only an opened account has a welcome; anything else is not this page's to show.
  if (!applicant || (applicant.state !== "approved" && applicant.state !== "verified")) notFound();
  return (
    <PageShell>
      <div className={card}>
        <div aria-hidden="true" className="mb-5 flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100">
          <svg viewBox="0 0 24 24" className="h-8 w-8 text-emerald-700">
            <path
              d="m5 12.5 4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome, {applicant.firstName}</h1>
        <p className="mt-3 text-lg text-slate-800" data-testid="welcome-text">
          Your account is open and ready to use.
        </p>
        <p className="mt-2 text-slate-700">You signed up with {applicant.email}.</p>
        <h2 className="mt-8 text-lg font-semibold text-slate-900">What happens next</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
          <li>Set up the app and sign in with your email address.</li>
          <li>Add money to your account whenever you&rsquo;re ready.</li>
        </ol>
        <p className="mt-8 text-sm text-slate-600">Reference: {applicant.id}</p>
      </div>
    </PageShell>
  );
}
