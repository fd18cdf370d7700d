"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { VerificationStatusValue } from "@/lib/contract";
import { TONE_CLASS, verificationOutcome } from "@/lib/onboarding/states";
import { primaryButton } from "./ui";

export interface StatusSnapshot {
  status: VerificationStatusValue;
  expired: boolean;
  settled: boolean;
}

const POLL_MS = 2_000;

async function fetchStatus(applicantId: string): Promise<StatusSnapshot> {
  const response = await fetch(`/api/onboarding/verification/${encodeURIComponent(applicantId)}`, {
    headers: { accept: "application/json" },
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as StatusSnapshot;
}

/** The return page's outcome, polled from our own route (which reads the service) until it settles. */
export function VerificationStatus({ applicantId, initial }: { applicantId: string; initial: StatusSnapshot | null }) {
  const query = useQuery({
    queryKey: ["verification", applicantId],
    queryFn: () => fetchStatus(applicantId),
    initialData: initial ?? undefined,
    // Keep asking until nothing more will happen without a person; errors keep the last answer.
    refetchInterval: (q) => (q.state.data?.settled ? false : POLL_MS),
    refetchIntervalInBackground: false,
    retry: 2,
  });
  const snapshot = query.data;
  const outcome = snapshot ? verificationOutcome(snapshot.status, snapshot.expired) : null;

  return (
    <div className="space-y-5">
      <div
        role="status"
        aria-live="polite"
        data-testid="verification-outcome"
        data-status={snapshot?.status ?? "unknown"}
        className={`rounded-xl p-5 ring-1 ${outcome ? TONE_CLASS[outcome.tone] : TONE_CLASS.wait}`}
      >
        <p className="text-lg font-semibold sm:text-xl">{outcome?.title ?? "Checking the result of your identity check…"}</p>
        <p className="mt-2">{outcome?.text ?? "This takes a moment. This page updates by itself."}</p>
      </div>
      {snapshot && !snapshot.settled && (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <span aria-hidden="true" className="h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-slate-700" />
          Waiting for the result. This page updates by itself.
        </p>
      )}
      {query.isError && !snapshot && (
        <p className="text-sm font-medium text-rose-800">We can&rsquo;t reach our identity partner right now. We&rsquo;ll keep trying.</p>
      )}
      {snapshot?.status === "Verified" && (
        <Link href={`/signup/welcome/${encodeURIComponent(applicantId)}`} className={primaryButton}>
          Continue to your account
        </Link>
      )}
    </div>
  );
}
