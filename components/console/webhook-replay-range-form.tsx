"use client";

import { SimpleForm, type SimpleFormState } from "./simple-form";
import { buttonPrimary, inputClass, labelClass } from "./styles";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

/** Replays every failed message created in a time range (UTC, as the console shows times). */
export function WebhookReplayRangeForm({ action, from, to }: { action: Action; from: string; to: string }) {
  return (
    <SimpleForm action={action} id="replay-range" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      {(state, pending) => (
        <>
          {(["from", "to"] as const).map((name) => (
            <div key={name}>
              <label htmlFor={`replay-${name}`} className={labelClass}>
                {name === "from" ? "From" : "To"} (UTC)
              </label>
              <input
                id={`replay-${name}`}
                name={name}
                type="datetime-local"
                step={60}
                required
                defaultValue={name === "from" ? from : to}
                aria-describedby={`replay-${name}-error replay-range-message`}
                aria-invalid={state.fieldErrors?.[name] ? true : undefined}
                className={`mt-1 ${inputClass}`}
              />
              <p id={`replay-${name}-error`} aria-live="polite" className="mt-1 text-xs font-medium text-rose-800 empty:hidden">
                {state.fieldErrors?.[name]}
              </p>
            </div>
          ))}
          <button type="submit" className={`${buttonPrimary} sm:mb-0.5`} disabled={pending}>
            Replay failed messages
          </button>
        </>
      )}
    </SimpleForm>
  );
}
