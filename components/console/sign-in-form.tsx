"use client";

import { useActionState } from "react";
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from "./styles";

export interface SignInState {
  message: string | null;
  fieldErrors?: { email?: string; password?: string };
  email?: string;
}

type Action = (previous: SignInState, formData: FormData) => Promise<SignInState>;

/** Email and password, plus the single sign-on button when an OIDC provider is configured. */
export function SignInForm({
  action,
  ssoAction,
  ssoName,
  initialMessage,
}: {
  action: Action;
  ssoAction?: () => Promise<void>;
  ssoName?: string;
  initialMessage?: string | null;
}) {
  const [state, formAction, pending] = useActionState(action, { message: initialMessage ?? null });
  return (
    <div className="space-y-6">
      <form action={formAction} className="space-y-4" noValidate>
        <div>
          <label htmlFor="email" className={labelClass}>
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={state.email}
            aria-invalid={state.fieldErrors?.email ? true : undefined}
            aria-describedby="email-error"
            className={`mt-1 ${inputClass}`}
          />
          <p id="email-error" aria-live="polite" className="mt-1 text-sm text-rose-800">
            {state.fieldErrors?.email}
          </p>
        </div>
        <div>
          <label htmlFor="password" className={labelClass}>
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={state.fieldErrors?.password ? true : undefined}
            aria-describedby="password-error"
            className={`mt-1 ${inputClass}`}
          />
          <p id="password-error" aria-live="polite" className="mt-1 text-sm text-rose-800">
            {state.fieldErrors?.password}
          </p>
        </div>
        <p data-testid="sign-in-error" aria-live="polite" className="min-h-5 text-sm font-medium text-rose-800">
          {state.message}
        </p>
        <button type="submit" disabled={pending} className={`${buttonPrimary} w-full`}>
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {ssoAction ? (
        <form action={ssoAction}>
          <button type="submit" className={`${buttonSecondary} w-full`}>
            Sign in with {ssoName}
          </button>
        </form>
      ) : null}
    </div>
  );
}
