"use client";

import { FieldError } from "./field-error";
import { SimpleForm, type SimpleFormState } from "./simple-form";
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from "./styles";
import { STEP_LABELS } from "./workflow-steps";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

/** Creates a workflow (with an id field) or edits one (`existing`: its id, name and steps). */
export function WorkflowForm({ action, existing }: { action: Action; existing?: { id: string; name: string; steps: string[] } }) {
  const prefix = existing ? `workflow-${existing.id}` : "workflow-new";
  return (
    <SimpleForm action={action} id={prefix} className="space-y-4">
      {(state, pending) => (
        <fieldset disabled={pending} className="space-y-4">
          <legend className="sr-only">{existing ? `Edit ${existing.name}` : "New workflow"}</legend>
          {existing ? null : (
            <div>
              <label htmlFor={`${prefix}-id`} className={labelClass}>
                Id
              </label>
              <input
                id={`${prefix}-id`}
                name="id"
                required
                pattern="[a-z0-9][a-z0-9\-]{1,62}"
                autoComplete="off"
                aria-invalid={state.fieldErrors?.id ? true : undefined}
                aria-describedby={`${prefix}-id-hint ${prefix}-id-error`}
                className={`mt-1 ${inputClass} font-mono`}
              />
              <p id={`${prefix}-id-hint`} className="mt-1 text-xs text-slate-700">
                What your integration sends as <code>workflow_id</code>: lower-case letters, digits and dashes. It cannot change later.
              </p>
              <FieldError id={`${prefix}-id-error`} message={state.fieldErrors?.id} />
            </div>
          )}
          <div>
            <label htmlFor={`${prefix}-name`} className={labelClass}>
              Name
            </label>
            <input
              id={`${prefix}-name`}
              name="name"
              required
              maxLength={120}
              defaultValue={existing?.name}
              aria-invalid={state.fieldErrors?.name ? true : undefined}
              aria-describedby={`${prefix}-name-error`}
              className={`mt-1 ${inputClass}`}
            />
            <FieldError id={`${prefix}-name-error`} message={state.fieldErrors?.name} />
          </div>
          <fieldset aria-describedby={`${prefix}-steps-error`}>
            <legend className={labelClass}>Steps</legend>
            <ul className="mt-2 space-y-2">
              {STEP_LABELS.map(([value, label, hint]) => (
                <li key={value}>
                  <label className="flex items-start gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      name="steps"
                      value={value}
                      defaultChecked={existing?.steps.includes(value)}
                      className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                    />
                    <span>
                      <span className="font-medium">{label}</span> <span className="text-slate-700">— {hint}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <FieldError id={`${prefix}-steps-error`} message={state.fieldErrors?.steps} />
          </fieldset>
          <button type="submit" className={buttonPrimary}>
            {existing ? "Save changes" : "Create workflow"}
          </button>
        </fieldset>
      )}
    </SimpleForm>
  );
}

/** Archives a workflow (no new case may use it) or restores it. */
export function ArchiveWorkflowForm({ action, id, name, archived }: { action: Action; id: string; name: string; archived: boolean }) {
  return (
    <SimpleForm action={action} id={`workflow-archive-${id}`}>
      {(_state, pending) => (
        <button type="submit" disabled={pending} aria-label={`${archived ? "Restore" : "Archive"} ${name}`} className={buttonSecondary}>
          {archived ? "Restore" : "Archive"}
        </button>
      )}
    </SimpleForm>
  );
}
