import type { Metadata } from "next";
import Link from "next/link";
import { MailStatus } from "@/components/console/mail-status";
import { NextPageLink } from "@/components/console/next-page-link";
import { ListTable } from "@/components/console/list-page";
import { formatDateTime, PageHeader } from "@/components/console/page-header";
import { focusRing } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { getConfig } from "@/lib/config";
import { listOutboundEmails } from "@/lib/server/mail/list-outbound-emails";

export const metadata: Metadata = { title: "Mailbox" };

const COLUMNS = [{ label: "Email" }, { label: "Status", className: "w-px" }, { label: "When", className: "hidden md:table-cell" }];

export default async function MailboxPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const context = await requireStaff();
  const { cursor } = await searchParams;
  const smtp = getConfig().mail.smtpUrl !== null;
  const description = smtp
    ? "Every email the platform sent for this team, newest first, with what the SMTP server answered."
    : "No SMTP server is configured (SMTP_URL), so emails are kept here instead of being sent: forward an invitation yourself.";
  if (!context.can("manage_members")) {
    return (
      <>
        <PageHeader title="Mailbox" description={description} />
        <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
          Your role ({context.role}) cannot read the team&apos;s emails; owners and admins can.
        </p>
      </>
    );
  }
  const result = await listOutboundEmails(context.db, { staff: context.staff, teamId: context.team.id, cursor });
  const data = result.ok ? result.value : { items: [], nextCursor: null };
  return (
    <>
      <PageHeader title="Mailbox" description={description} />
      <ListTable
        caption="Emails, newest first"
        columns={COLUMNS}
        testId="mailbox"
        empty={data.items.length === 0 ? { title: "No emails yet", body: "Invitations to new members appear here." } : null}
      >
        {data.items.map((e) => (
          <tr key={e.id} className="align-top">
            <td className="px-4 py-3">
              {/* Wraps rather than truncates: on a phone the subject is what tells emails apart. */}
              <Link
                href={`/console/mailbox/${e.id}`}
                className={`block break-words font-medium text-brand-700 hover:underline ${focusRing}`}
              >
                {e.subject}
              </Link>
              <span className="block break-all text-xs text-slate-700">to {e.to}</span>
              <span className="block text-xs text-slate-700 md:hidden">{formatDateTime(e.createdAt)}</span>
            </td>
            <td className="w-px whitespace-nowrap px-4 py-3">
              <MailStatus status={e.status} />
            </td>
            <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 md:table-cell">{formatDateTime(e.createdAt)}</td>
          </tr>
        ))}
      </ListTable>
      <NextPageLink path="/console/mailbox" cursor={data.nextCursor} label="Older emails →" />
    </>
  );
}
