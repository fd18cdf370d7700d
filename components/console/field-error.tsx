/** A console form field's error line: the id the field's aria-describedby names, announced when it changes. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} aria-live="polite" className="mt-1 text-sm text-rose-800">
      {message}
    </p>
  );
}
