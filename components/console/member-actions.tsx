"use client";

import { useActionState, useId, useState } from "react";
import type { SimpleFormState } from "./simple-form";
import { buttonDanger, buttonSecondary, inputClass } from "./styles";

type RoleAction = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;
type RemoveAction = (previous: SimpleFormState) => Promise<SimpleFormState>;

const EMPTY: SimpleFormState = { ok: false, message: null };

/** A member's role picker and remove button, for owners and admins (the server checks again). */
export function MemberActions({
  email,
  role,
  roles,
  changeRole,
  remove,
  canRemove,
}: {
  email: string;
  role: string;
  roles: string[];
  changeRole: RoleAction;
  remove: RemoveAction;
  canRemove: boolean;
}) {
  const id = useId();
  const [roleState, roleAction, rolePending] = useActionState(changeRole, EMPTY);
  const [removeState, removeAction, removePending] = useActionState(remove, EMPTY);
  const [confirming, setConfirming] = useState(false);
  const state = removeState.message ? removeState : roleState;
  const pending = rolePending || removePending;
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex flex-wrap items-center gap-2">
        <form action={roleAction} className="flex items-center gap-2">
          {/* Not "role" in the label: the invite form's own Role field keeps its unique name. */}
          <label htmlFor={`${id}-role`} className="sr-only">
            Change {email} to
          </label>
          {/* Keyed by the role: after a change the page's new role is what the picker shows. */}
          <select
            key={role}
            id={`${id}-role`}
            name="role"
            defaultValue={role}
            disabled={pending}
            aria-describedby={`${id}-message`}
            className={`${inputClass} w-32 py-1.5`}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <button type="submit" disabled={pending} className={`${buttonSecondary} px-3 py-1.5`}>
            Change<span className="sr-only"> {email}</span>
          </button>
        </form>
        {canRemove && !confirming ? (
          <button
            type="button"
            disabled={pending}
            onClick={() => setConfirming(true)}
            className={`${buttonSecondary} px-3 py-1.5 text-rose-800`}
          >
            Remove<span className="sr-only"> {email}</span>
          </button>
        ) : null}
      </div>
      {canRemove && confirming ? (
        <form action={removeAction} className="flex flex-wrap items-center gap-2 rounded-lg bg-rose-50 px-3 py-2 ring-1 ring-rose-200">
          <p className="text-sm text-rose-950">Remove {email} from the team? They lose access at once.</p>
          <button type="submit" disabled={pending} className={`${buttonDanger} px-3 py-1.5`}>
            Yes, remove
          </button>
          <button type="button" disabled={pending} onClick={() => setConfirming(false)} className={`${buttonSecondary} px-3 py-1.5`}>
            Cancel
          </button>
        </form>
      ) : null}
      <p
        id={`${id}-message`}
        data-testid="member-message"
        aria-live="polite"
        className={`text-sm font-medium sm:text-right ${state.ok ? "text-emerald-800" : "text-rose-800"}`}
      >
        {pending ? "Saving…" : state.message}
      </p>
    </div>
  );
}
