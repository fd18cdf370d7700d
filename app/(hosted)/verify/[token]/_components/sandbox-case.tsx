import { SandboxOutcomeForm } from "./steps";
import type { HostedCase } from "@/lib/server/hosted/get-hosted-case";
import { chooseOutcome } from "../actions";

const STATUS_TEXT: Record<string, { label: string; tone: string; text: string }> = {
  InProgress: {
    label: "In progress",
    tone: "bg-sky-100 text-sky-900",
    text: "This verification has been opened and is waiting for you to complete its steps.",
  },
  ReadyForReview: {
    label: "Processing",
    tone: "bg-amber-100 text-amber-900",
    text: "Everything has been submitted. The results are being checked.",
  },
  Verified: {
    label: "Verified",
    tone: "bg-emerald-100 text-emerald-900",
    text: "Your identity has been verified. There is nothing more to do.",
  },
  Refused: { label: "Needs review", tone: "bg-amber-100 text-amber-900", text: "A person will review this verification." },
  ManuallyReviewed: { label: "Reviewed", tone: "bg-slate-200 text-slate-900", text: "This verification has been reviewed." },
  LockedOut: { label: "Locked out", tone: "bg-rose-100 text-rose-900", text: "This verification could not be completed." },
  Cancelled: { label: "Cancelled", tone: "bg-slate-200 text-slate-900", text: "This verification was cancelled." },
  Blocked: { label: "Blocked", tone: "bg-rose-100 text-rose-900", text: "This verification could not be completed." },
};

/** A sandbox case's hosted page: its status, and the tester's outcome chooser (wire-details decision). */
export function SandboxCase({ hosted, token }: { hosted: HostedCase; token: string }) {
  const status = STATUS_TEXT[hosted.status] ?? STATUS_TEXT.InProgress!;
  const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col px-4 py-10 sm:py-16">
      <p className="text-sm font-medium text-slate-600">Identity check for {hosted.teamName}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Verify your identity</h1>
      <section aria-labelledby="state" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="state" className="text-base font-semibold text-slate-900">
            Status
          </h2>
          <span
            data-testid="hosted-status"
            className={`rounded-full px-3 py-1 text-sm font-medium ${hosted.expired ? "bg-slate-200 text-slate-900" : status.tone}`}
          >
            {hosted.expired ? "Expired" : status.label}
          </span>
        </div>
        <p className="mt-3 text-slate-700">
          {hosted.expired ? "This verification link has expired. Ask the company that sent it for a new one." : status.text}
        </p>
        <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600">Workflow</dt>
          <dd className="text-slate-900">{hosted.workflowName}</dd>
          <dt className="font-medium text-slate-600">{hosted.expired ? "Expired" : "Link valid until"}</dt>
          <dd className="text-slate-900">{dateFormat.format(hosted.expiresAt)} UTC</dd>
        </dl>
      </section>
      {!hosted.expired && hosted.status === "InProgress" && (
        <section
          aria-labelledby="sandbox"
          className="mt-4 rounded-2xl border-2 border-dashed border-violet-300 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="sandbox" className="text-base font-semibold text-slate-900">
            Sandbox: choose the outcome
          </h2>
          <SandboxOutcomeForm action={chooseOutcome.bind(null, token)} />
        </section>
      )}
      {hosted.redirectUrl && (
        <p className="mt-6 text-sm text-slate-600">
          <a
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            href={hosted.redirectUrl}
          >
            Return to {hosted.teamName}
          </a>
        </p>
      )}
    </main>
  );
}
