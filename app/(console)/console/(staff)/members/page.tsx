import type { Metadata } from "next";
import { InviteForm } from "@/components/console/invite-form";
import { MemberActions } from "@/components/console/member-actions";
import { formatDateTime, PageHeader } from "@/components/console/page-header";
import { cardClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { listMembers } from "@/lib/server/console/list-members";
import { assignableRoles } from "@/lib/server/console/permissions";
import { changeMemberRoleAction, inviteMemberAction, removeMemberAction } from "./actions";

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
  const canManage = context.can("manage_members");
  const roles = assignableRoles(context.role);
  const owners = members.filter((m) => m.role === "owner").length;
  return (
    <>
      <PageHeader title="Members" description={`Staff of ${context.team.name}. Roles apply to live and sandbox alike.`} />
      {canManage ? (
        <section aria-labelledby="invite" className={`${cardClass} mb-6 p-4 sm:p-6`}>
          <h2 id="invite" className="mb-3 text-lg font-semibold text-slate-900">
            Invite a member
          </h2>
          <InviteForm action={inviteMemberAction} roles={roles} />
        </section>
      ) : null}
      <section aria-labelledby="members">
        <h2 id="members" className="mb-3 text-lg font-semibold text-slate-900">
          Current members
        </h2>
        <ul className={`${cardClass} divide-y divide-slate-100`} data-testid="members">
          {members.map((m) => {
            const you = m.userId === context.user.id;
            // Owners are changed by owners only; the last owner keeps the role (the server says so too).
            const manageable = canManage && roles.includes(m.role) && !(m.role === "owner" && owners <= 1);
            return (
              <li key={m.userId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="break-all font-medium text-slate-900">
                    {m.email}
                    {you ? <span className="font-normal text-slate-700"> (you)</span> : null}
                  </p>
                  <p className="text-xs text-slate-700">
                    {m.name ? `${m.name} · ` : ""}joined {formatDateTime(m.joinedAt)}
                  </p>
                  <p className="mt-1 text-sm">
                    <span className="font-semibold capitalize text-slate-900" data-testid="member-role">
                      {m.role}
                    </span>{" "}
                    <span className="text-slate-700">— {ROLE_TEXT[m.role]}</span>
                  </p>
                </div>
                {manageable ? (
                  <MemberActions
                    email={m.email}
                    role={m.role}
                    roles={roles}
                    changeRole={changeMemberRoleAction.bind(null, m.userId)}
                    remove={removeMemberAction.bind(null, m.userId)}
                    canRemove={!you}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
        {canManage && owners <= 1 ? (
          <p className="mt-2 text-xs text-slate-700">The team&apos;s only owner keeps the role: make another member an owner first.</p>
        ) : null}
      </section>
    </>
  );
}
