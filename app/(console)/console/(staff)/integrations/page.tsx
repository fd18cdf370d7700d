import type { Metadata } from "next";
import { CreateCredentialForm } from "@/components/console/create-credential-form";
import { EmptyState, formatDateTime, PageHeader } from "@/components/console/page-header";
import { ModeBadge } from "@/components/console/status-badge";
import { buttonSecondary, cardClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { listApiClients } from "@/lib/server/auth/list-api-clients";
import { createCredentialAction, revokeCredentialAction } from "./actions";

export const metadata: Metadata = { title: "API integrations" };

export default async function IntegrationsPage() {
  const context = await requireStaff();
  const clients = await listApiClients(context.db, context.tenant);
  const canManage = context.can("manage_integrations");
  return (
    <>
      <PageHeader
        title="API integrations"
        description={
          <>
            Client credentials exchange for bearer tokens at <code className="font-mono text-xs">POST /api/v2/authenticate</code>. These are
            for <ModeBadge mode={context.mode} /> — switch mode above for the other.
          </>
        }
      />
      <section aria-labelledby="new-credentials" className={`${cardClass} mb-6 p-4 sm:p-6`}>
        <h2 id="new-credentials" className="text-lg font-semibold text-slate-900">
          New credentials
        </h2>
        {canManage ? (
          <div className="mt-3">
            <CreateCredentialForm action={createCredentialAction} mode={context.mode} />
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-700">Only owners and admins create or revoke credentials; your role is {context.role}.</p>
        )}
      </section>
      <section aria-labelledby="credentials">
        <h2 id="credentials" className="mb-3 text-lg font-semibold text-slate-900">
          Credentials
        </h2>
        {clients.length === 0 ? (
          <EmptyState title="No credentials yet" />
        ) : (
          <ul className="space-y-3" data-testid="credentials">
            {clients.map((c) => (
              <li key={c.id} className={`${cardClass} flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between`}>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {c.name}
                    {c.revokedAt ? (
                      <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-900">
                        Revoked {formatDateTime(c.revokedAt.toISOString())}
                      </span>
                    ) : (
                      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Active</span>
                    )}
                  </p>
                  <p className="mt-1 break-all font-mono text-xs text-slate-700">
                    {c.clientId} · secret …{c.secretHint}
                  </p>
                  <p className="mt-1 text-xs text-slate-700">
                    Created {formatDateTime(c.createdAt.toISOString())} · last used{" "}
                    {c.lastUsedAt ? formatDateTime(c.lastUsedAt.toISOString()) : "never"}
                  </p>
                </div>
                {canManage && !c.revokedAt ? (
                  <form action={revokeCredentialAction.bind(null, c.clientId)}>
                    <button type="submit" className={`${buttonSecondary} text-rose-800`}>
                      Revoke<span className="sr-only"> {c.name}</span>
                    </button>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
