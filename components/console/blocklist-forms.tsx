"use client";

import { useEffect, useRef, useState } from "react";
import { FieldError } from "./field-error";
import { SimpleForm, type SimpleFormState } from "./simple-form";
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from "./styles";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

function Field({
  id,
  name,
  label,
  type = "text",
  state,
  hint,
  autoComplete,
}: {
  id: string;
  name: string;
  label: string;
  type?: string;
  state: SimpleFormState;
  hint?: string;
  autoComplete?: string;
}) {
  const error = state.fieldErrors?.[name];
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required
        autoComplete={autoComplete ?? "off"}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hint ? `${id}-hint ` : ""}${id}-error`}
        className={`mt-1 ${inputClass}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Adds an email, or a name with a date of birth, to the platform blocklist. */
export function AddBlocklistEntryForm({ action }: { action: Action }) {
  const [kind, setKind] = useState<"email" | "identity">("email");
  const first = useRef<HTMLInputElement>(null);
  // React resets the form after each submission, radios included: keep the chosen kind checked.
  useEffect(() => {
    const form = first.current?.form;
    const keep = () =>
      queueMicrotask(() => {
        const radio = form?.querySelector<HTMLInputElement>(`input[name="kind"][value="${kind}"]`);
        if (radio) radio.checked = true;
      });
    form?.addEventListener("reset", keep);
    return () => form?.removeEventListener("reset", keep);
  }, [kind]);
  return (
    <SimpleForm action={action} id="blocklist-add" className="space-y-4">
      {(state, pending) => (
        <fieldset disabled={pending} className="space-y-4">
          <legend className="sr-only">New blocklist entry</legend>
          <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
            <legend className={`mb-2 ${labelClass}`}>Block by</legend>
            {(
              [
                ["email", "Email address"],
                ["identity", "Name and date of birth"],
              ] as const
            ).map(([value, text], i) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  ref={i === 0 ? first : undefined}
                  type="radio"
                  name="kind"
                  value={value}
                  defaultChecked={i === 0}
                  onChange={() => setKind(value)}
                  className="h-4 w-4 accent-brand-700"
                />
                {text}
              </label>
            ))}
          </fieldset>
          {kind === "email" ? (
            <Field
              id="blocklist-email"
              name="email"
              label="Email"
              type="email"
              state={state}
              hint="Variants match too: upper case, a +tag, and dots in a Gmail address."
            />
          ) : (
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="blocklist-first-name" name="firstName" label="First name" state={state} />
              <Field id="blocklist-last-name" name="lastName" label="Last name" state={state} />
              <Field id="blocklist-dob" name="dateOfBirth" label="Date of birth" type="date" state={state} />
            </div>
          )}
          <div>
            <label htmlFor="blocklist-reason" className={labelClass}>
              Reason
            </label>
            <input
              id="blocklist-reason"
              name="reason"
              required
              maxLength={500}
              aria-invalid={state.fieldErrors?.reason ? true : undefined}
              aria-describedby="blocklist-reason-hint blocklist-reason-error"
              className={`mt-1 ${inputClass}`}
            />
            <p id="blocklist-reason-hint" className="mt-1 text-xs text-slate-700">
              Shown to other teams when their check matches, so write what happened, not who you are.
            </p>
            <FieldError id="blocklist-reason-error" message={state.fieldErrors?.reason} />
          </div>
          <button type="submit" className={buttonPrimary}>
            Add to blocklist
          </button>
        </fieldset>
      )}
    </SimpleForm>
  );
}

/** Takes one entry off the blocklist (kept in the record, no longer matched). */
export function RemoveBlocklistEntryForm({ action, id, label }: { action: Action; id: string; label: string }) {
  return (
    <SimpleForm action={action} id={`blocklist-remove-${id}`}>
      {(_state, pending) => (
        <button type="submit" disabled={pending} aria-label={`Remove ${label} from the blocklist`} className={buttonSecondary}>
          Remove
        </button>
      )}
    </SimpleForm>
  );
}
