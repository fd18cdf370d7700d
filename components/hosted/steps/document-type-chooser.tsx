"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import type { DocumentKind } from "../capture/document-guide";

export interface DocumentTypeChooserProps {
  value: DocumentKind | null;
  onChange: (value: DocumentKind) => void;
  /** The radios' form name (default "documentType"), so it also posts with a plain form. */
  name?: string;
  /** Which documents the workflow accepts (default all three, in this order). */
  options?: readonly DocumentKind[];
  error?: string | null;
}

const ICONS: Record<DocumentKind, string> = {
  passport: "M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm5 5a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm-4 10v1.5h8V17H8Z",
  national_id:
    "M3 5h18a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm4 3a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm-3 8h6v-1.5a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2V16Zm9-7v1.5h7V9h-7Zm0 3v1.5h5V12h-5Z",
  driving_licence:
    "M3 5h18a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm10 3v1.5h7V8h-7Zm0 3v1.5h7V11h-7Zm0 3v1.5h4V14h-4ZM7 8a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm-3 8h6v-1a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v1Z",
};

/** Passport / ID card / driving licence as radio cards (native radios: arrow keys move, Space picks). */
export function DocumentTypeChooser({
  value,
  onChange,
  name = "documentType",
  options = ["passport", "national_id", "driving_licence"],
  error,
}: DocumentTypeChooserProps) {
  const t = useTranslations("hosted.documentType");
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-hint ${id}-error`} aria-invalid={error ? true : undefined} className="space-y-3">
      <legend className="text-lg font-semibold text-slate-900">{t("legend")}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t("hint")}
      </p>
      <p id={`${id}-error`} aria-live="polite" className="text-sm font-medium text-rose-800 empty:hidden">
        {error}
      </p>
      <div className="grid gap-3">
        {options.map((kind) => (
          <label
            key={kind}
            className="flex min-h-16 cursor-pointer items-center gap-4 rounded-xl border-2 border-slate-300 bg-white p-4 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              className="h-5 w-5 shrink-0 accent-brand-700"
              aria-describedby={`${id}-${kind}`}
            />
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 shrink-0 fill-slate-700">
              <path d={ICONS[kind]} fillRule="evenodd" />
            </svg>
            <span className="flex flex-col">
              <span className="text-base font-semibold text-slate-900">{t(kind)}</span>
              <span id={`${id}-${kind}`} className="text-sm text-slate-700">
                {t(`${kind}Hint`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
