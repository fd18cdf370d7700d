"use client";

import { SimpleForm, type SimpleFormState } from "./simple-form";
import { buttonSecondary, inputClass, labelClass } from "./styles";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

/** Sends the case back to In progress (the person goes through the flow again; evidence is kept). */
export function RestartForm({ action }: { action: Action }) {
  return (
    <SimpleForm action={action} id="restart" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      {(_state, pending) => (
        <>
          <div className="flex-1">
            <label htmlFor="restart-note" className={labelClass}>
              Reason <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <input id="restart-note" name="note" maxLength={2000} className={`mt-1 ${inputClass}`} />
          </div>
          <button type="submit" disabled={pending} className={buttonSecondary}>
            Restart the case
          </button>
        </>
      )}
    </SimpleForm>
  );
}
