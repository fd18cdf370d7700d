"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { card, heading, secondaryButton } from "../styles";

/** What the status URL answers (hosted-core's route): where the phone is. */
export interface HandoffStatus {
  state: "waiting" | "opened" | "in_progress" | "done" | "expired";
  /** The step key the phone is on (photo_id, video_selfie…), when in progress. */
  step?: string | null;
  /** 1-based position of that step and the number of steps. */
  stepIndex?: number | null;
  stepCount?: number | null;
}

export interface HandoffPanelProps {
  /** An SVG string made on the server by the `qrcode` package (trusted: never user input). */
  qrSvg: string;
  /** The single-use phone link the QR code encodes. */
  link: string;
  /** GET → HandoffStatus JSON; polled every `pollMs` until done or expired. */
  statusUrl: string;
  pollMs?: number;
  /** The phone finished (e.g. router.refresh() to show the end page). */
  onDone?: () => void;
  onExpired?: () => void;
}

/** Desktop → phone: QR code, copyable link, and the phone's progress followed live. */
export function HandoffPanel({ qrSvg, link, statusUrl, pollMs = 2000, onDone, onExpired }: HandoffPanelProps) {
  const t = useTranslations("hosted");
  const [status, setStatus] = useState<HandoffStatus>({ state: "waiting" });
  const [lost, setLost] = useState(false);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const linkRef = useRef<HTMLInputElement>(null);
  const callbacks = useRef({ onDone, onExpired });
  useEffect(() => {
    callbacks.current = { onDone, onExpired };
  }, [onDone, onExpired]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const response = await fetch(statusUrl, { headers: { accept: "application/json" }, cache: "no-store" });
        if (!response.ok) throw new Error(String(response.status));
        const next = (await response.json()) as HandoffStatus;
        if (stopped) return;
        setLost(false);
        setStatus(next);
        if (next.state === "done") return callbacks.current.onDone?.();
        if (next.state === "expired") return callbacks.current.onExpired?.();
      } catch {
        if (!stopped) setLost(true);
      }
      if (!stopped) timer = setTimeout(poll, pollMs);
    };
    timer = setTimeout(poll, 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [statusUrl, pollMs]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopy("copied");
    } catch {
      linkRef.current?.select();
      setCopy("failed");
    }
  }

  const stepName = status.step ? (t.has(`steps.${status.step}`) ? t(`steps.${status.step}`) : status.step) : "";
  const progress =
    status.state === "done"
      ? t("handoff.done")
      : status.state === "expired"
        ? t("handoff.expired")
        : status.state === "in_progress" && status.stepIndex && status.stepCount
          ? t("handoff.onStep", { current: status.stepIndex, total: status.stepCount, step: stepName })
          : status.state === "opened" || status.state === "in_progress"
            ? t("handoff.opened")
            : t("handoff.waiting");

  return (
    <section aria-labelledby="handoff-title" className={`${card} space-y-4`}>
      <h2 id="handoff-title" className={heading}>
        {t("handoff.title")}
      </h2>
      <p className="text-slate-700">{t("handoff.intro")}</p>
      <div
        role="img"
        aria-label={t("handoff.qrLabel")}
        className="mx-auto w-56 max-w-full rounded-lg border border-slate-200 bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
        // The SVG comes only from the server's qrcode package (the prop's contract), never from input.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <div className="space-y-1.5">
        <label htmlFor="handoff-link" className="block text-sm font-semibold text-slate-800">
          {t("handoff.linkLabel")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="handoff-link"
            ref={linkRef}
            readOnly
            value={link}
            className="block min-h-11 w-full rounded-lg border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className={`${secondaryButton} shrink-0`} onClick={() => void copyLink()}>
            {t("handoff.copy")}
          </button>
        </div>
        <p aria-live="polite" className="text-sm font-medium text-slate-700 empty:hidden">
          {copy === "copied" ? t("handoff.copied") : copy === "failed" ? t("handoff.copyFailed") : ""}
        </p>
      </div>
      <div
        role="status"
        aria-live="polite"
        className="flex items-center gap-3 rounded-xl bg-slate-100 p-3 text-slate-900"
        data-testid="handoff-status"
      >
        {status.state !== "done" && status.state !== "expired" && (
          <span aria-hidden="true" className="h-3 w-3 shrink-0 animate-pulse rounded-full bg-brand-600" />
        )}
        <span>
          {progress}
          {lost && <span className="block text-sm text-slate-700">{t("handoff.statusError")}</span>}
        </span>
      </div>
    </section>
  );
}
