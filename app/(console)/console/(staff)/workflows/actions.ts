"use server";

import { revalidatePath } from "next/cache";
import type { SimpleFormState } from "@/components/console/simple-form";
import { failureMessage } from "@/lib/auth/failure-message";
import { getStaffContext } from "@/lib/auth/staff-context";
import { changeWorkflow, type WorkflowChange } from "@/lib/server/console/manage-workflows";

const SIGNED_OUT: SimpleFormState = { ok: false, message: "Your session has ended: sign in again." };
const text = (formData: FormData, name: string) => String(formData.get(name) ?? "");

async function run(change: WorkflowChange, done: (name: string) => string): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const result = await changeWorkflow(context.db, context.tenant, context.staff, change);
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/workflows");
  return { ok: true, message: done(result.value.name) };
}

export async function createWorkflowAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const change: WorkflowChange = {
    kind: "create",
    id: text(formData, "id").trim(),
    name: text(formData, "name"),
    steps: formData.getAll("steps").map(String),
  };
  return run(change, (name) => `Created “${name}” (${change.id}).`);
}

/** Bound: the workflow's id. */
export async function updateWorkflowAction(id: string, _previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  return run(
    { kind: "update", id, name: text(formData, "name"), steps: formData.getAll("steps").map(String) },
    (name) => `Saved “${name}”.`,
  );
}

/** Bound: the workflow's id and whether to archive (true) or restore it. */
export async function archiveWorkflowAction(id: string, archived: boolean, _previous: SimpleFormState): Promise<SimpleFormState> {
  return run({ kind: "archive", id, archived }, (name) =>
    archived ? `Archived “${name}”: it opens no new verification.` : `Restored “${name}”.`,
  );
}
