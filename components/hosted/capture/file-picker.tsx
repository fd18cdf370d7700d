"use client";

import { useId } from "react";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface FilePickerProps {
  label: string;
  hint?: string;
  /** The input's accept list, also checked here ("image/jpeg,image/png", "application/pdf"…). */
  accept: string;
  maxBytes?: number;
  onFile: (file: File) => void;
  /** "type": not in `accept`; "size": over maxBytes. The caller shows its own words. */
  onError: (code: "type" | "size") => void;
  error?: string | null;
  disabled?: boolean;
  /** A filled button (when it is the only way left) rather than an outlined one. */
  prominent?: boolean;
}

/** A native file input shown as a button: keyboard (Tab, Enter/Space) and screen-reader friendly. */
export function FilePicker({
  label,
  hint,
  accept,
  maxBytes = MAX_UPLOAD_BYTES,
  onFile,
  onError,
  error,
  disabled,
  prominent,
}: FilePickerProps) {
  const id = useId();
  const types = accept.split(",").map((s) => s.trim());
  return (
    <div className="space-y-1">
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        className="peer sr-only"
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = ""; // the same file may be chosen again after a retake
          if (!file) return;
          if (!types.includes(file.type)) return onError("type");
          if (file.size > maxBytes) return onError("size");
          onFile(file);
        }}
      />
      <label
        htmlFor={id}
        className={`flex min-h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold shadow-sm peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 ${
          prominent ? "bg-brand-700 text-white hover:bg-brand-900" : "border border-slate-400 bg-white text-slate-900 hover:bg-slate-50"
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
          <path d="M10 2.5a.75.75 0 0 1 .53.22l3.5 3.5a.75.75 0 1 1-1.06 1.06l-2.22-2.22v7.19a.75.75 0 0 1-1.5 0V5.06L7.03 7.28a.75.75 0 0 1-1.06-1.06l3.5-3.5A.75.75 0 0 1 10 2.5ZM3.5 12.75a.75.75 0 0 1 .75.75v1.75c0 .41.34.75.75.75h10a.75.75 0 0 0 .75-.75V13.5a.75.75 0 0 1 1.5 0v1.75A2.25 2.25 0 0 1 15 17.5H5a2.25 2.25 0 0 1-2.25-2.25V13.5a.75.75 0 0 1 .75-.75Z" />
        </svg>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-center text-sm text-slate-600">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} aria-live="polite" className="text-center text-sm font-medium text-rose-800 empty:hidden">
        {error}
      </p>
    </div>
  );
}
