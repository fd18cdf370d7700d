"use client";

import { useActionState } from "react";
import { RiskFormClassesProvider } from "@/components/risk-form/classes";
import { TextField } from "@/components/risk-form/field";
import { primaryButton, riskFormClasses } from "./ui";

type State = { message: string | null; fieldErrors: { password?: string[] } };

export function SignInForm({ action }: { action: (previous: State, formData: FormData) => Promise<State> }) {
  const [state, formAction, pending] = useActionState(action, { message: null, fieldErrors: {} });
  return (
    // The same text field as the sign-up form's, in the onboarding app's look.
    <RiskFormClassesProvider classes={riskFormClasses}>
      <form action={formAction} className="space-y-5" noValidate>
        <TextField
          id="password"
          type="password"
          label="Staff password"
          autoComplete="current-password"
          required
          errors={state.fieldErrors.password}
        />
        <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </RiskFormClassesProvider>
  );
}
