"use client";

import { useActionState } from "react";
import { TextField } from "./field";
import { primaryButton } from "./ui";

type State = { message: string | null; fieldErrors: { password?: string[] } };

export function SignInForm({ action }: { action: (previous: State, formData: FormData) => Promise<State> }) {
  const [state, formAction, pending] = useActionState(action, { message: null, fieldErrors: {} });
  return (
    <form action={formAction} className="space-y-5" noValidate>
      <TextField id="password" type="password" label="Staff password" autoComplete="current-password" required errors={state.fieldErrors.password} />
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
