import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CaseChecks, type CheckView, type EnrichmentView } from "@/components/console/case-checks";
import { CaseDeliveries } from "@/components/console/case-deliveries";
import { CaseTimeline } from "@/components/console/case-timeline";
import { EvidenceGrid } from "@/components/console/evidence-grid";
import { formatDateTime } from "@/components/console/page-header";
import { ReviewForm } from "@/components/console/review-form";
import { StatusBadge } from "@/components/console/status-badge";
import { cardClass, linkClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { getCaseDetail } from "@/lib/server/console/get-case-detail";
import { RestartForm } from "@/components/console/restart-form";
import { SwitchWorkflowForm } from "@/components/console/switch-workflow-form";
import { displayState } from "@/lib/server/verifications/display-state";
import { findWorkflow, listWorkflows } from "@/lib/server/verifications/workflows";
import { listEvidence } from "@/lib/server/evidence/list-evidence";
import { CaseAttempts } from "@/components/console/case-attempts";
import { CaseVouches } from "@/components/console/case-vouches";
import { listCaseVouches } from "@/lib/server/vouch/list-case-vouches";
import { getHostedSettings } from "@/lib/server/hosted/get-hosted-settings";
import { listHostedAttempts } from "@/lib/server/hosted/list-hosted-attempts";
import { restartCaseAction, reviewCaseAction, switchWorkflowAction } from "./actions";
import { replayDeliveryAction } from "./replay-action";
import { FraudReportSection } from "../../_fraud-report/fraud-report-section";

export const metadata: Metadata = { title: "Case" };

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

// The statuses the state machine lets staff restart from (transitions.ts: restart).
const RESTARTABLE = new Set(["ReadyForReview", "Refused", "LockedOut", "Cancelled"]);

const DECIDED: Record<string, string> = {
  approve: "Approved: the case is Verified. The decision is in the timeline and the audit log.",
  reject: "Refused after review: the case stays Refused. The decision is in the timeline and the audit log.",
};

export default async function CasePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ decided?: string }>;
}) {
  const { id } = await params;
  const decided = DECIDED[(await searchParams).decided ?? ""];
  const context = await requireStaff();
  const found = await getCaseDetail(context.db, context.tenant, decodeURIComponent(id));
  if (!found.ok) notFound();
  const { record, canned, timeline, deliveries, needsReview } = found.value;
  const claim = record.claim_details;
  const address = claim.address
    ? [claim.address.residence_number, claim.address.street, claim.address.city, claim.address.postcode, claim.address.country]
        .filter(Boolean)
        .join(", ")
    : null;
  const claimRows: [string, string | null | undefined][] = [
    ["First name", claim.first_name],
    ["Last name", claim.last_name],
    ["Date of birth", claim.date_of_birth],
    ["Email", claim.email ?? record.email],
    ["Phone", claim.phone_number],
    ["Address", address ?? claim.first_line_of_address],
  ];
  const canReview = context.can("review");
  const evidence = canned ? [] : await listEvidence(context.db, context.tenant, "verification", record.id);
  const attempts = canned ? [] : await listHostedAttempts(context.db, context.tenant, record.id);
  const { maxAttempts } = await getHostedSettings(context.db, context.tenant);
  const caseVouches = canned ? [] : await listCaseVouches(context.db, context.tenant, record.id);
  const workflow = canned ? undefined : await findWorkflow(context.db, context.tenant, record.workflow_id);
  // The spec's display states that the wire status alone does not tell (service-interface §3).
  const shownState = workflow
    ? displayState({
        status: record.status,
        steps: workflow.steps,
        completedSteps: attempts.filter((a) => a.outcome === "accepted").map((a) => a.step),
      })
    : null;
  const extraState =
    shownState === "Address only" || shownState === "Verified by vouch" || shownState === "Awaiting a vouch" ? shownState : null;
  const workflows =
    !canned && canReview && record.status === "InProgress"
      ? (await listWorkflows(context.db, context.tenant)).filter((w) => !w.archivedAt)
      : [];

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/console/cases" className={linkClass}>
          ← All cases
        </Link>
      </p>
      <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{record.email}</h1>
          <p className="mt-1 break-all font-mono text-xs text-slate-700">Case {record.id}</p>
        </div>
        <span className="flex gap-2 self-start sm:self-auto">
          {extraState ? (
            <span
              data-testid="display-state"
              className="inline-flex items-center whitespace-nowrap rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900"
            >
              {extraState}
            </span>
          ) : null}
          {needsReview ? (
            <span className="inline-flex items-center whitespace-nowrap rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
              Needs review
            </span>
          ) : null}
          <StatusBadge status={record.status} />
        </span>
      </div>

      {decided ? (
        <p
          role="status"
          data-testid="review-done"
          className="mb-6 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-950"
        >
          {decided}
        </p>
      ) : null}

      {canned ? (
        <p role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          This is a canned sandbox case (spec 4.10): it always answers the same, so it is read-only here. To try a review, create a sandbox
          case through the API and choose “Needs review” on its hosted page.
        </p>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="claim" className={`${cardClass} p-4 lg:col-span-2`}>
          <h2 id="claim" className="font-semibold text-slate-900">
            Claim details
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {claimRows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-700">{label}</dt>
                <dd className="break-words font-medium text-slate-900">{value || "—"}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="about" className={`${cardClass} p-4`}>
          <h2 id="about" className="font-semibold text-slate-900">
            About the case
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            {[
              ["Workflow", record.workflow_id],
              ["Method", record.verification_method],
              ["External id", record.external_id ?? "—"],
              ["Created", formatDateTime(record.created_at)],
              ["Expires", formatDateTime(record.expires_at)],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-slate-700">{label}</dt>
                <dd className="break-all text-right font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <CaseVouches vouches={caseVouches} />

      {needsReview ? (
        <Section id="review" title="Review">
          <div className={`${cardClass} p-4`}>
            {canReview ? (
              <>
                <p className="mb-3 text-sm text-slate-700">
                  This case needs a person. Your decision is recorded in the timeline and the audit log, and sent to the team’s webhook.
                </p>
                <ReviewForm action={reviewCaseAction.bind(null, record.id, record.status)} />
              </>
            ) : (
              <p className="text-sm text-slate-700" data-testid="review-not-allowed">
                This case needs a review. Your role ({context.role}) can read cases but not decide them: ask a reviewer, admin or owner.
              </p>
            )}
          </div>
        </Section>
      ) : null}

      {!canned && canReview && !needsReview && RESTARTABLE.has(record.status) ? (
        <Section id="restart" title="Restart">
          <div className={`${cardClass} p-4`}>
            <p className="mb-3 text-sm text-slate-700">
              Send the case back to In progress so the person can go through the flow again. Evidence already given is kept.
            </p>
            <RestartForm action={restartCaseAction.bind(null, record.id, record.status)} />
          </div>
        </Section>
      ) : null}

      {!canned && canReview && record.status === "InProgress" ? (
        <Section id="workflow" title="Workflow">
          <div className={`${cardClass} p-4`}>
            <p className="mb-3 text-sm text-slate-700">
              The case runs <span className="font-mono">{record.workflow_id}</span>. Switch it while the person is still in progress; the
              change is in the timeline and the audit log.
            </p>
            <SwitchWorkflowForm action={switchWorkflowAction.bind(null, record.id)} workflows={workflows} current={record.workflow_id} />
          </div>
        </Section>
      ) : null}

      <Section id="checks" title="Checks and validations">
        <CaseChecks
          checks={record.checks as CheckView[]}
          enrichments={record.enrichments as EnrichmentView[]}
          claim={claim as Record<string, unknown>}
          progress={{ status: record.status, evidence: evidence.length, attempts }}
        />
      </Section>

      <Section id="evidence" title="Evidence">
        <EvidenceGrid items={evidence} subject={record.email} />
      </Section>

      {attempts.length > 0 ? (
        <Section id="attempts" title={`Attempts (at most ${maxAttempts} failed per step)`}>
          <CaseAttempts attempts={attempts} maxAttempts={maxAttempts} />
        </Section>
      ) : null}

      {!canned ? <FraudReportSection context={context} subjectType="verification" subjectId={record.id} /> : null}

      {!canned ? (
        <div className="grid gap-x-8 lg:grid-cols-2">
          <Section id="timeline" title="Timeline">
            <CaseTimeline entries={timeline} />
          </Section>
          <Section id="webhooks" title="Webhook deliveries">
            <CaseDeliveries
              deliveries={deliveries}
              replay={context.can("manage_integrations") ? replayDeliveryAction.bind(null, record.id) : undefined}
            />
          </Section>
        </div>
      ) : null}
    </>
  );
}
