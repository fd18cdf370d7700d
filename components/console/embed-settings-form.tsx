"use client";

import { SimpleForm, type SimpleFormState } from "./simple-form";
import { buttonPrimary, inputClass, labelClass } from "./styles";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

/** The origins allowed to show the hosted flow in an iframe (one per line; empty = never framed). */
export function EmbedSettingsForm({ action, frameAncestors, disabled }: { action: Action; frameAncestors: string[]; disabled: boolean }) {
  return (
    <SimpleForm action={action} id="embed" className="space-y-3">
      {(state, pending) => (
        <fieldset disabled={disabled || pending} className="space-y-3">
          <legend className="sr-only">Sites that may embed the hosted flow</legend>
          <div>
            <label htmlFor="embed-origins" className={labelClass}>
              Sites that may show the verification page in an iframe
            </label>
            <textarea
              id="embed-origins"
              name="frameAncestors"
              rows={3}
              defaultValue={frameAncestors.join("\n")}
              placeholder="https://app.example.com"
              aria-invalid={state.fieldErrors?.frameAncestors ? true : undefined}
              aria-describedby="embed-origins-hint embed-origins-error"
              className={`mt-1 font-mono text-sm ${inputClass}`}
            />
            <p id="embed-origins-hint" className="mt-1 text-xs text-slate-700">
              One origin per line (https, up to 10; <code>https://*.example.com</code> covers its subdomains). Leave empty to refuse every
              frame. The iframe needs <code>allow=&quot;camera&quot;</code>.
            </p>
            <p id="embed-origins-error" aria-live="polite" className="mt-1 text-sm text-rose-800">
              {state.fieldErrors?.frameAncestors}
            </p>
          </div>
          <button type="submit" className={buttonPrimary}>
            Save embedding sites
          </button>
        </fieldset>
      )}
    </SimpleForm>
  );
}
