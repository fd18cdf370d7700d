import type { InputHTMLAttributes, ReactNode } from "react";
import { inputClass } from "./ui";

/** The error region every input points at (aria-describedby); always present so it is announced. */
export function FieldError({ id, messages }: { id: string; messages?: readonly string[] }) {
  return (
    <p id={id} aria-live="polite" className="text-sm font-medium text-rose-800 empty:hidden">
      {messages?.[0] ? (
        <>
          <span className="sr-only">Error: </span>
          {messages[0]}
        </>
      ) : null}
    </p>
  );
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  id: string;
  name?: string;
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
  inputRef?: React.Ref<HTMLInputElement>;
}

/** Label, optional hint, input and its error region, wired for screen readers. */
export function TextField({ id, name, label, hint, errors, inputRef, className, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className={`space-y-1.5 ${className ?? ""}`}>
      <label htmlFor={id} className="block text-base font-semibold text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} messages={errors} />
      <input id={id} name={name ?? id} ref={inputRef} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy(hintId, errorId)} className={inputClass} {...input} />
    </div>
  );
}
