"use client";

import { SimpleForm, type SimpleFormState } from "./simple-form";
import { buttonPrimary, inputClass, labelClass } from "./styles";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

export function InviteForm({ action, roles }: { action: Action; roles: string[] }) {
  return (
    <SimpleForm action={action} id="invite" className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
      {(state, pending) => (
        <>
          <div>
            <label htmlFor="invite-email" className={labelClass}>
              Email
            </label>
            <input
              id="invite-email"
              name="email"
              type="email"
              required
              aria-invalid={state.fieldErrors?.email ? true : undefined}
              aria-describedby="invite-email-error"
              className={`mt-1 ${inputClass}`}
            />
            <p id="invite-email-error" aria-live="polite" className="mt-1 text-sm text-rose-800">
              {state.fieldErrors?.email}
            </p>
          </div>
          <div>
            <label htmlFor="invite-role" className={labelClass}>
              Role
            </label>
            <select
              id="invite-role"
              name="role"
              defaultValue="reviewer"
              aria-describedby="invite-role-error"
              className={`mt-1 ${inputClass}`}
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <p id="invite-role-error" aria-live="polite" className="mt-1 text-sm text-rose-800">
              {state.fieldErrors?.role}
            </p>
          </div>
          <button type="submit" disabled={pending} className={`${buttonPrimary} sm:mt-6`}>
            Create invitation
          </button>
        </>
      )}
    </SimpleForm>
  );
}

export function AcceptInviteForm({ action, existingUser }: { action: Action; existingUser: boolean }) {
  return (
    <SimpleForm action={action} id="accept" className="space-y-4">
      {(state, pending) => (
        <>
          {!existingUser ? (
            <div>
              <label htmlFor="accept-name" className={labelClass}>
                Your name
              </label>
              <input id="accept-name" name="name" autoComplete="name" maxLength={100} className={`mt-1 ${inputClass}`} />
            </div>
          ) : null}
          <div>
            <label htmlFor="accept-password" className={labelClass}>
              {existingUser ? "Your current password" : "Choose a password (at least 10 characters)"}
            </label>
            <input
              id="accept-password"
              name="password"
              type="password"
              required
              autoComplete={existingUser ? "current-password" : "new-password"}
              aria-invalid={state.fieldErrors?.password ? true : undefined}
              aria-describedby="accept-password-error"
              className={`mt-1 ${inputClass}`}
            />
            <p id="accept-password-error" aria-live="polite" className="mt-1 text-sm text-rose-800">
              {state.fieldErrors?.password}
            </p>
          </div>
          <button type="submit" disabled={pending} className={`${buttonPrimary} w-full`}>
            Join the team
          </button>
        </>
      )}
    </SimpleForm>
  );
}
