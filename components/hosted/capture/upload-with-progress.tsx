"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { errorBox, primaryButton, adviceBox } from "../styles";
import { postForm, UploadNetworkError } from "./post-form";
import { parseUploadAnswer, type UploadOutcome } from "./upload-answer";

export type RetakeContext = "document" | "selfie" | "address";

export interface UploadWithProgressProps {
  /** Where to POST (multipart/form-data). */
  url: string;
  /** Builds the body when the person presses Send (called again on every retry; never consumed). */
  body: () => FormData;
  /** The answer said ok: go on (e.g. router.push(next ?? …)). */
  onNext: (next: string | null) => void;
  /** The server asked for another capture (images stay where they are: the caller decides what to retake). */
  onRetake?: (retake: { reason: string; message: string; attemptsLeft: number | null }) => void;
  /** A final error (expired, locked_out, already_completed…); `next` is where the server says to go. */
  onFatal?: (error: { code: string; next: string | null }) => void;
  /** Which retake messages to translate reasons with. */
  retakeContext: RetakeContext;
  /** The team's name, for messages that mention it. */
  teamName: string;
  /** The button's words (default "Send"). */
  label?: string;
  disabled?: boolean;
  /** Start the upload at once on mount (the selfie sends without a button). */
  autoStart?: boolean;
  /** Told when sending or checking starts and ends (e.g. to disable "Record again" meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}

// Nothing to retry: the page should follow `next` (or reload) to show where the case stands.
const FATAL = new Set(["expired", "locked_out", "already_completed", "not_found", "wrong_step"]);

/** Sends a FormData with XMLHttpRequest, shows the upload's progress, then the server's answer. */
export function UploadWithProgress({
  url,
  body,
  onNext,
  onRetake,
  onFatal,
  retakeContext,
  teamName,
  label,
  disabled,
  autoStart,
  onBusyChange,
}: UploadWithProgressProps) {
  const t = useTranslations("hosted");
  const [state, setState] = useState<"idle" | "sending" | "checking" | "done">("idle");
  const [percent, setPercent] = useState(0);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const started = useRef(false);
  const sendRef = useRef<() => Promise<void>>(async () => undefined);

  async function send() {
    setOutcome(null);
    setPercent(0);
    setState("sending");
    let result: UploadOutcome;
    try {
      const answer = await postForm(url, body(), {
        onProgress: (f) => {
          setPercent(Math.round(f * 100));
          if (f >= 1) setState("checking");
        },
      });
      result = parseUploadAnswer(answer.status, answer.text);
    } catch (error) {
      result = {
        kind: "error",
        code: error instanceof UploadNetworkError ? "network" : "server",
        message: null,
        attemptsLeft: null,
        next: null,
      };
    }
    setOutcome(result);
    if (result.kind === "next") {
      setState("done");
      onNext(result.next);
      return;
    }
    setState("idle");
    if (result.kind === "retake") onRetake?.({ reason: result.reason, message: result.message, attemptsLeft: result.attemptsLeft });
    else if (FATAL.has(result.code)) onFatal?.({ code: result.code, next: result.next });
  }

  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true; // once, also under StrictMode's double mount
    queueMicrotask(() => void sendRef.current());
  }, [autoStart]);

  useEffect(() => {
    sendRef.current = send;
  });

  const message = (() => {
    if (!outcome || outcome.kind === "next") return null;
    if (outcome.kind === "retake") {
      const key = `retake.${retakeContext}.${outcome.reason}`;
      return t.has(key) ? t(key) : outcome.message || t("upload.errors.invalid");
    }
    const key = `upload.errors.${outcome.code}`;
    return t.has(key) ? t(key, { team: teamName }) : (outcome.message ?? t("upload.errors.server"));
  })();
  const attemptsLeft = outcome && outcome.kind !== "next" ? outcome.attemptsLeft : null;
  const busy = state === "sending" || state === "checking";
  const busyReport = useRef(onBusyChange);
  useEffect(() => {
    busyReport.current = onBusyChange;
  });
  useEffect(() => {
    busyReport.current?.(busy);
  }, [busy]);
  const fatal = outcome?.kind === "error" && FATAL.has(outcome.code);

  return (
    <div className="space-y-3">
      {(busy || state === "done") && (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label={t("upload.progressLabel")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={
              state === "sending" ? t("upload.progress", { percent }) : state === "checking" ? t("upload.checking") : t("upload.sent")
            }
            className="h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-700 transition-[width] duration-200" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-slate-700" aria-hidden="true">
            {state === "sending" ? t("upload.progress", { percent }) : state === "checking" ? t("upload.checking") : t("upload.sent")}
          </p>
        </div>
      )}
      <div aria-live="assertive" data-testid="upload-message">
        {message && (
          <div className={outcome?.kind === "retake" ? adviceBox : errorBox}>
            <p>
              {outcome?.kind === "error" && <span className="sr-only">{t("common.errorPrefix")} </span>}
              {message}
            </p>
            {attemptsLeft !== null && <p className="mt-1 font-semibold">{t("upload.attemptsLeft", { count: attemptsLeft })}</p>}
          </div>
        )}
      </div>
      {state !== "done" && !fatal && !(autoStart && busy) && (
        <button type="button" className={`${primaryButton} w-full`} disabled={disabled || busy} onClick={() => void send()}>
          {busy ? t("upload.sending") : outcome && outcome.kind === "error" ? t("common.tryAgain") : (label ?? t("upload.send"))}
        </button>
      )}
    </div>
  );
}
