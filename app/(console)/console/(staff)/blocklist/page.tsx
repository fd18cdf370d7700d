import type { Metadata } from "next";
import { AddBlocklistEntryForm, RemoveBlocklistEntryForm } from "@/components/console/blocklist-forms";
import { EmptyState, formatDateTime, PageHeader } from "@/components/console/page-header";
import { cardClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { listBlocklistEntries } from "@/lib/server/blocklist/list-blocklist-entries";
import { addBlocklistAction, removeBlocklistAction } from "./actions";

export const metadata: Metadata = { title: "Blocklist" };

const KIND: Record<string, string> = { email: "Email", identity: "Name and date of birth", face: "Face" };

export default async function BlocklistPage() {
  const context = await requireStaff();
  const entries = await listBlocklistEntries(context.db, { teamId: context.team.id });
  const canChange = context.can("manage_settings");
  return (
    <>
      <PageHeader
        title="Blocklist"
        description={`Known fraudsters ${context.team.name} has put on the platform blocklist. Every team's live risk checks flag a match (known blocklist match), seeing only your reason: never the email or name you typed, nor your team.`}
      />
      {!canChange ? (
        <p className="mb-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
          Your role ({context.role}) can read the blocklist; owners and admins change it.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-5">
        {canChange ? (
          <section aria-labelledby="blocklist-new" className={`${cardClass} p-4 sm:p-6 lg:col-span-2`}>
            <h2 id="blocklist-new" className="mb-4 text-lg font-semibold text-slate-900">
              Add an entry
            </h2>
            <AddBlocklistEntryForm action={addBlocklistAction} />
          </section>
        ) : null}
        <section aria-labelledby="blocklist-entries" className={canChange ? "lg:col-span-3" : "lg:col-span-5"}>
          <h2 id="blocklist-entries" className="mb-3 text-lg font-semibold text-slate-900">
            Your team&rsquo;s entries <span className="font-normal text-slate-700">({entries.length})</span>
          </h2>
          {entries.length === 0 ? (
            <EmptyState title="No entries yet">
              Entries your team adds appear here. Entries of other teams and of the platform operator match too, but are not shown.
            </EmptyState>
          ) : (
            <ul className={`${cardClass} divide-y divide-slate-100`}>
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  data-testid="blocklist-entry"
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="break-words font-medium text-slate-900">{entry.label}</p>
                    <p className="mt-0.5 text-xs text-slate-700">
                      {KIND[entry.kind] ?? entry.kind} · added {formatDateTime(entry.createdAt)}
                    </p>
                    <p className="mt-1 break-words text-sm text-slate-800">{entry.reason}</p>
                  </div>
                  {canChange ? (
                    <div className="shrink-0">
                      <RemoveBlocklistEntryForm action={removeBlocklistAction.bind(null, entry.id)} id={entry.id} label={entry.label} />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
