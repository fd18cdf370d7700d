import type { Metadata } from "next";
import { InviteForm } from "@/components/console/invite-form";
import { formatDateTime, PageHeader } from "@/components/console/page-header";
import { cardClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { listMembers } from "@/lib/server/console/list-members";
import { assignableRoles } from "@/lib/server/console/permissions";
import { inviteMemberAction } from "./actions";

export const metadata: Metadata = { title: "Members" };

const ROLE_TEXT: Record<string, string> = {
  owner: "everything, including inviting owners",
  admin: "credentials, webhooks, settings, members",
  reviewer: "decides cases, acknowledges alerts",
  viewer: "reads everything, changes nothing",
};

export default async function MembersPage() {
  const context = await requireStaff();
  const members = await listMembers(context.db, context.team.id);
  return (
    <>
      <PageHeader title="Members" description={`Staff of ${context.team.name}. Roles apply to live and sandbox alike.`} />
      {context.can("manage_members") ? (
        <section aria-labelledby="invite" className={`${cardClass} mb-6 p-4 sm:p-6`}>
          <h2 id="invite" className="mb-3 text-lg font-semibold text-slate-900">
            Invite a member
          </h2>
          <InviteForm action={inviteMemberAction} roles={assignableRoles(context.role)} />
        </section>
      ) : null}
      <section aria-labelledby="members">
        <h2 id="members" className="mb-3 text-lg font-semibold text-slate-900">
          Current members
        </h2>
        <ul className={`${cardClass} divide-y divide-slate-100`}>
          {members.map((m) => (
            <li key={m.userId} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">
                  {m.email}
                  {m.userId === context.user.id ? <span className="font-normal text-slate-700"> (you)</span> : null}
                </p>
                <p className="text-xs text-slate-700">{m.name ? `${m.name} · ` : ""}joined {formatDateTime(m.joinedAt)}</p>
              </div>
              <p className="text-sm">
                <span className="font-semibold capitalize text-slate-900">{m.role}</span> <span className="text-slate-700">— {ROLE_TEXT[m.role]}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
