import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { MailStatus } from "@/components/console/mail-status";
import { formatDateTime } from "@/components/console/page-header";
import { cardClass, linkClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { getOutboundEmail } from "@/lib/server/mail/get-outbound-email";

export const metadata: Metadata = { title: "Email" };

const TRANSPORT: Record<string, string> = { local: "Local mailbox (not sent)", smtp: "SMTP" };

export default async function MailboxEmailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const context = await requireStaff();
  const found = await getOutboundEmail(context.db, { staff: context.staff, teamId: context.team.id, id });
  if (!found.ok) notFound();
  const email = found.value;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/console/mailbox" className={linkClass}>
          ← Mailbox
        </Link>
      </p>
      <article aria-labelledby="subject" className={`${cardClass} p-4 sm:p-6`}>
        <h1 id="subject" className="break-words text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
          {email.subject}
        </h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">To</dt>
          <dd className="break-all text-slate-900">{email.to}</dd>
          <dt className="font-medium text-slate-700">Created</dt>
          <dd className="text-slate-900">{formatDateTime(email.createdAt)}</dd>
          <dt className="font-medium text-slate-700">Transport</dt>
          <dd className="text-slate-900">{TRANSPORT[email.transport] ?? email.transport}</dd>
          <dt className="font-medium text-slate-700">Status</dt>
          <dd>
            <MailStatus status={email.status} />
            {email.sentAt ? <span className="ml-2 text-slate-700">{formatDateTime(email.sentAt)}</span> : null}
          </dd>
        </dl>
        {email.error ? (
          <p
            className="mt-4 break-words rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900 ring-1 ring-rose-200"
            data-testid="mail-error"
          >
            {email.error}
          </p>
        ) : null}
        <pre
          data-testid="mail-text"
          className="mt-4 whitespace-pre-wrap break-words border-t border-slate-200 pt-4 font-sans text-sm text-slate-900"
        >
          {email.text}
        </pre>
      </article>
    </>
  );
}
