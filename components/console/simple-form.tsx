"use client";

import { useActionState } from "react";
import { SecretReveal } from "./secret-reveal";

export interface SimpleFormState {
  ok: boolean;
  message: string | null;
  fieldErrors?: Record<string, string | undefined>;
  /** A value to show once (a new secret). */
  reveal?: { label: string; value: string; note?: string };
}

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

/**
 * A server-action form whose fields are given as a render function, so each input can point
 * `aria-describedby` at its own error and the form can show a one-time secret after success.
 */
export function SimpleForm({
  action,
  children,
  id,
  className,
}: {
  action: Action;
  id: string;
  className?: string;
  children: (state: SimpleFormState, pending: boolean) => React.ReactNode;
}) {
  const [state, formAction, pending] = useActionState(action, { ok: false, message: null });
  return (
    <div className="space-y-3">
      <form action={formAction} className={className}>
        {children(state, pending)}
      </form>
      <p
        id={`${id}-message`}
        data-testid={`${id}-message`}
        aria-live="polite"
        className={`break-words text-sm font-medium ${state.ok ? "text-emerald-800" : "text-rose-800"}`}
      >
        {pending ? "Saving…" : state.message}
      </p>
      {state.reveal ? <SecretReveal {...state.reveal} /> : null}
    </div>
  );
}
