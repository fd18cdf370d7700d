"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { card, heading, primaryButton } from "../styles";

export type ResultKind = "verified" | "processing" | "review" | "locked_out" | "expired" | "cancelled" | "completed";

export interface ResultPanelProps {
  result: ResultKind;
  teamName: string;
  /** The team's redirect_url with the verification id already added by the server; null hides the button. */
  redirectUrl?: string | null;
  /** Go there by itself after this many seconds (0 or undefined: only the button). */
  autoRedirectSeconds?: number;
}

const TONE: Record<ResultKind, { icon: string; colour: string }> = {
  verified: { icon: "✓", colour: "bg-emerald-100 text-emerald-800" },
  processing: { icon: "✓", colour: "bg-sky-100 text-sky-800" },
  review: { icon: "✓", colour: "bg-sky-100 text-sky-800" },
  completed: { icon: "✓", colour: "bg-slate-200 text-slate-800" },
  locked_out: { icon: "!", colour: "bg-rose-100 text-rose-800" },
  expired: { icon: "!", colour: "bg-slate-200 text-slate-800" },
  cancelled: { icon: "!", colour: "bg-slate-200 text-slate-800" },
};

/** The end page: what happened, what comes next, and the way back to the team (optionally automatic). */
export function ResultPanel({ result, teamName, redirectUrl, autoRedirectSeconds }: ResultPanelProps) {
  const t = useTranslations("hosted.result");
  const [left, setLeft] = useState(autoRedirectSeconds ?? 0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (!redirectUrl || !autoRedirectSeconds) return;
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, [redirectUrl, autoRedirectSeconds]);
  useEffect(() => {
    if (redirectUrl && autoRedirectSeconds && left <= 0) window.location.assign(redirectUrl);
  }, [left, redirectUrl, autoRedirectSeconds]);

  const tone = TONE[result];
  return (
    <section aria-labelledby="result-title" className={`${card} space-y-4 text-center`} data-testid={`result-${result}`}>
      <span
        aria-hidden="true"
        className={`mx-auto inline-flex h-14 w-14 items-center justify-center rounded-full text-2xl font-bold ${tone.colour}`}
      >
        {tone.icon}
      </span>
      <h2 id="result-title" ref={headingRef} tabIndex={-1} className={`${heading} focus:outline-none`}>
        {t(`${result}.title`)}
      </h2>
      <p className="text-slate-700">{t(`${result}.text`, { team: teamName })}</p>
      {redirectUrl && (
        <>
          {autoRedirectSeconds ? (
            <p role="status" className="text-sm text-slate-700">
              {t("redirecting", { team: teamName, seconds: Math.max(0, left) })}
            </p>
          ) : null}
          <a href={redirectUrl} className={`${primaryButton} w-full sm:w-auto`}>
            {t("continue", { team: teamName })}
          </a>
        </>
      )}
    </section>
  );
}
