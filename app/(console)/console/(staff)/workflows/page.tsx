import type { Metadata } from "next";
import { EmptyState, formatDateTime, PageHeader } from "@/components/console/page-header";
import { cardClass } from "@/components/console/styles";
import { ArchiveWorkflowForm, WorkflowForm } from "@/components/console/workflow-forms";
import { STEP_LABELS } from "@/components/console/workflow-steps";
import { requireStaff } from "@/lib/auth/staff-context";
import { listWorkflows, tokensPerVerification, type Workflow } from "@/lib/server/verifications/workflows";
import { archiveWorkflowAction, createWorkflowAction, updateWorkflowAction } from "./actions";

export const metadata: Metadata = { title: "Workflows" };

const STEP_NAME: Record<string, string> = {
  ...Object.fromEntries(STEP_LABELS.map(([value, label]) => [value, label])),
  referee_confirm: "Referee's confirmation",
};

function Steps({ workflow }: { workflow: Workflow }) {
  return (
    <ol className="mt-2 flex flex-wrap gap-2 text-xs">
      {workflow.steps.map((step, i) => (
        <li key={step} className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-800">
          {i + 1}. {STEP_NAME[step] ?? step}
        </li>
      ))}
    </ol>
  );
}

export default async function WorkflowsPage() {
  const context = await requireStaff();
  const all = await listWorkflows(context.db, context.tenant);
  const builtIn = all.filter((w) => w.builtIn);
  const own = all.filter((w) => !w.builtIn);
  const canChange = context.can("manage_settings");
  return (
    <>
      <PageHeader
        title="Workflows"
        description={`The steps a verification runs. Your integration picks one by its id (workflow_id); GET /api/v1/flows lists them. These are ${context.team.name}'s ${context.mode} workflows: sandbox and live keep their own.`}
      />
      {!canChange ? (
        <p className="mb-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
          Your role ({context.role}) can read workflows; owners and admins change them.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-5">
        {canChange ? (
          <section aria-labelledby="workflow-new-heading" className={`${cardClass} p-4 sm:p-6 lg:col-span-2`}>
            <h2 id="workflow-new-heading" className="mb-4 text-lg font-semibold text-slate-900">
              New workflow
            </h2>
            <WorkflowForm action={createWorkflowAction} />
          </section>
        ) : null}
        <div className={`space-y-6 ${canChange ? "lg:col-span-3" : "lg:col-span-5"}`}>
          <section aria-labelledby="workflows-own">
            <h2 id="workflows-own" className="mb-3 text-lg font-semibold text-slate-900">
              Your team&rsquo;s workflows <span className="font-normal text-slate-700">({own.length})</span>
            </h2>
            {own.length === 0 ? (
              <EmptyState title="No workflows of your own yet">
                Workflows your team creates appear here, beside the built-in ones below.
              </EmptyState>
            ) : (
              <ul className={`${cardClass} divide-y divide-slate-100`}>
                {own.map((workflow) => (
                  <li key={workflow.id} data-testid="workflow" className="p-4">
                    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                      <div className="min-w-0">
                        <p className="break-words font-medium text-slate-900">
                          {workflow.name}{" "}
                          {workflow.archivedAt ? (
                            <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                              Archived
                            </span>
                          ) : null}
                        </p>
                        <p className="mt-0.5 break-all font-mono text-xs text-slate-700">{workflow.id}</p>
                        <p className="mt-0.5 text-xs text-slate-700">
                          {tokensPerVerification(workflow)} token{tokensPerVerification(workflow) === 1 ? "" : "s"} per verification ·
                          changed {formatDateTime(workflow.updatedAt.toISOString())}
                        </p>
                        <Steps workflow={workflow} />
                      </div>
                      {canChange ? (
                        <div className="shrink-0">
                          <ArchiveWorkflowForm
                            action={archiveWorkflowAction.bind(null, workflow.id, !workflow.archivedAt)}
                            id={workflow.id}
                            name={workflow.name}
                            archived={!!workflow.archivedAt}
                          />
                        </div>
                      ) : null}
                    </div>
                    {canChange ? (
                      <details className="mt-3">
                        <summary className="cursor-pointer text-sm font-medium text-brand-700">Edit {workflow.name}</summary>
                        <div className="mt-3">
                          <WorkflowForm action={updateWorkflowAction.bind(null, workflow.id)} existing={workflow} />
                        </div>
                      </details>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="workflows-built-in">
            <h2 id="workflows-built-in" className="mb-3 text-lg font-semibold text-slate-900">
              Built in <span className="font-normal text-slate-700">({builtIn.length})</span>
            </h2>
            <ul className={`${cardClass} divide-y divide-slate-100`}>
              {builtIn.map((workflow) => (
                <li key={workflow.id} className="p-4">
                  <p className="font-medium text-slate-900">{workflow.name}</p>
                  <p className="mt-0.5 break-all font-mono text-xs text-slate-700">{workflow.id}</p>
                  <Steps workflow={workflow} />
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
