"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { card, heading, linkButton, primaryButton } from "../styles";

export interface ConsentPanelProps {
  teamName: string;
  /** Which data the workflow collects (shown as the list "What we collect"). */
  collects: readonly ("document" | "selfie" | "address" | "details")[];
  /** A server action (or any form action). It receives `consent=yes`; it is only called once the box is ticked. */
  action: (formData: FormData) => void | Promise<void>;
  privacyUrl?: string | null;
  /** A message from the server (e.g. the action failed), shown in the live region. */
  error?: string | null;
  pending?: boolean;
}

/** The short privacy notice and the consent checkbox, before any capture. */
export function ConsentPanel({ teamName, collects, action, privacyUrl, error, pending }: ConsentPanelProps) {
  const t = useTranslations("hosted.consent");
  const [checked, setChecked] = useState(false);
  const [missing, setMissing] = useState(false);
  const items = {
    document: t("collectDocument"),
    selfie: t("collectSelfie"),
    address: t("collectAddress", { team: teamName }),
    details: t("collectDetails"),
  };
  return (
    <section aria-labelledby="consent-title" className={`${card} space-y-4`}>
      <h2 id="consent-title" className={heading}>
        {t("title")}
      </h2>
      <p className="text-slate-700">{t("intro", { team: teamName })}</p>
      <div>
        <h3 className="font-semibold text-slate-900">{t("collectTitle")}</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
          {collects.map((c) => (
            <li key={c}>{items[c]}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{t("useTitle")}</h3>
        <p className="mt-1 text-slate-700">{t("use", { team: teamName })}</p>
        <p className="mt-2 text-slate-700">{t("retention", { team: teamName })}</p>
        <p className="mt-2 text-slate-700">{t("rights", { team: teamName })}</p>
        {privacyUrl && (
          <p className="mt-2">
            <a href={privacyUrl} className={linkButton} target="_blank" rel="noopener noreferrer">
              {t("privacyLink")}
            </a>
          </p>
        )}
      </div>
      <form
        action={action}
        noValidate
        onSubmit={(e) => {
          if (!checked) {
            e.preventDefault();
            setMissing(true);
            document.getElementById("consent-box")?.focus();
          }
        }}
        className="space-y-4"
      >
        <p id="consent-error" aria-live="polite" className="text-sm font-medium text-rose-800 empty:hidden">
          {missing && !checked ? t("required") : error}
        </p>
        <div className="flex items-start gap-3">
          <input
            id="consent-box"
            type="checkbox"
            name="consent"
            value="yes"
            checked={checked}
            onChange={(e) => setChecked(e.currentTarget.checked)}
            aria-invalid={missing && !checked ? true : undefined}
            aria-describedby="consent-error"
            className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
          <label htmlFor="consent-box" className="text-base text-slate-900">
            {t("checkbox")}
          </label>
        </div>
        <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={pending}>
          {t("submit")}
        </button>
      </form>
    </section>
  );
}
