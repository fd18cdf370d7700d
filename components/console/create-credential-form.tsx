"use client";

import { useActionState } from "react";
import { SecretReveal } from "./secret-reveal";
import { buttonPrimary, inputClass, labelClass } from "./styles";

export interface CreateCredentialState {
  message: string | null;
  fieldErrors?: { name?: string };
  created?: { clientId: string; clientSecret: string; name: string };
}

type Action = (previous: CreateCredentialState, formData: FormData) => Promise<CreateCredentialState>;

export function CreateCredentialForm({ action, mode }: { action: Action; mode: "live" | "sandbox" }) {
  const [state, formAction, pending] = useActionState(action, { message: null });
  return (
    <div className="space-y-4">
      <form action={formAction} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="credential-name" className={labelClass}>
            Name
          </label>
          <input
            id="credential-name"
            name="name"
            required
            maxLength={80}
            placeholder={`e.g. Backend ${mode}`}
            aria-invalid={state.fieldErrors?.name ? true : undefined}
            aria-describedby="credential-name-error"
            className={`mt-1 ${inputClass}`}
          />
        </div>
        <button type="submit" disabled={pending} className={buttonPrimary}>
          {pending ? "Creating…" : `Create ${mode} credentials`}
        </button>
      </form>
      <p id="credential-name-error" aria-live="polite" className="text-sm text-rose-800">
        {state.fieldErrors?.name ?? state.message}
      </p>
      {state.created ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-800">
            Created <strong>{state.created.name}</strong>. Client id: <code className="font-mono text-xs">{state.created.clientId}</code>
          </p>
          <SecretReveal label="Client secret" value={state.created.clientSecret} />
        </div>
      ) : null}
    </div>
  );
}
