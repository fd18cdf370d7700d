import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageShell } from "@/components/onboarding/brand";
import { card } from "@/components/onboarding/ui";
import { VerificationStatus, type StatusSnapshot } from "@/components/onboarding/verification-status";
import { getDb } from "@/lib/db";
import { readVerification } from "@/lib/onboarding/read-verification";
import { getServiceClient } from "@/lib/onboarding/service";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Your identity check · Demo Money" }, robots: { index: false } };

// The verification's redirect_url: the person lands here from the hosted page. The verification
// is read through the client now, and polled by the component until it settles.
export default async function ReturnPage({ params }: { params: Promise<{ applicantId: string }> }) {
  const { applicantId } = await params;
  const result = await readVerification({ db: await getDb(), client: getServiceClient() }, applicantId);
  if (!result.ok && result.reason === "not_found") notFound();
  const initial: StatusSnapshot | null = result.ok
    ? { status: result.view.status, expired: result.view.expired, settled: result.view.settled }
    : null;
  return (
    <PageShell>
      <div className={card}>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {result.ok ? `Thanks, ${result.view.firstName}` : "Your identity check"}
        </h1>
        <p className="mt-2 text-slate-700">Here is where your identity check stands.</p>
        <div className="mt-6">
          <VerificationStatus applicantId={applicantId} initial={initial} />
        </div>
        <p className="mt-8 text-sm text-slate-600">
          Reference: <span className="font-mono break-all">{applicantId}</span>
        </p>
      </div>
    </PageShell>
  );
}
