"use client";

import type { InputHTMLAttributes, ReactNode } from "react";
import { useRiskFormClasses } from "./classes";

/** The error region every input points at (aria-describedby); always present so it is announced. */
export function FieldError({ id, messages }: { id: string; messages?: readonly string[] }) {
  const classes = useRiskFormClasses();
  return (
    <p id={id} aria-live="polite" className={`${classes.error} empty:hidden`}>
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
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[];
  inputRef?: React.Ref<HTMLInputElement>;
}

/** Label, optional hint, input and its error region, wired for screen readers. */
export function TextField({ id, name, label, hint, errors, inputRef, className, ...input }: TextFieldProps) {
  const classes = useRiskFormClasses();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className={`space-y-1.5 ${className ?? ""}`}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={classes.hint}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} messages={errors} />
      <input
        id={id}
        name={name ?? id}
        ref={inputRef}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        className={classes.input}
        {...input}
      />
    </div>
  );
}
