"use client";

import { SimpleForm, type SimpleFormState } from "./simple-form";
import { buttonSecondary, inputClass, labelClass } from "./styles";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

/** Moves a case that is still in progress to another workflow (the person continues there). */
export function SwitchWorkflowForm({
  action,
  workflows,
  current,
}: {
  action: Action;
  workflows: { id: string; name: string }[];
  current: string;
}) {
  const others = workflows.filter((w) => w.id !== current);
  return (
    <SimpleForm action={action} id="switch-workflow" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      {(_state, pending) => (
        <>
          <div className="flex-1">
            <label htmlFor="switch-workflow-id" className={labelClass}>
              New workflow
            </label>
            <select id="switch-workflow-id" name="workflow_id" required defaultValue="" className={`mt-1 ${inputClass}`}>
              <option value="" disabled>
                Choose a workflow
              </option>
              {others.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name} ({w.id})
                </option>
              ))}
            </select>
          </div>
          <div className="flex-1">
            <label htmlFor="switch-workflow-note" className={labelClass}>
              Reason <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <input id="switch-workflow-note" name="note" maxLength={2000} className={`mt-1 ${inputClass}`} />
          </div>
          <button type="submit" disabled={pending} className={buttonSecondary}>
            Switch workflow
          </button>
        </>
      )}
    </SimpleForm>
  );
}
