"use client";

import { useTranslations } from "next-intl";

export interface StepProgressProps {
  /** Step keys in order (consent, claim, photo_id, video_selfie, address_evidence, finish…); named from messages `hosted.steps.*`. */
  steps: readonly string[];
  /** 0-based index of the current step. */
  current: number;
}

/** "Step 2 of 4" with a bar on phones, the named steps on wider screens; the current one marked aria-current. */
export function HostedStepProgress({ steps, current }: StepProgressProps) {
  const t = useTranslations("hosted");
  const name = (key: string) => (t.has(`steps.${key}`) ? t(`steps.${key}`) : key);
  const percent = Math.round(((current + 1) / Math.max(1, steps.length)) * 100);
  return (
    <nav aria-label={t("common.progressLabel")} className="mb-6">
      <p className="text-sm font-semibold text-brand-700" data-testid="step-counter">
        {t("common.stepOf", { current: current + 1, total: steps.length })}
        <span className="sm:hidden">: {name(steps[current] ?? "")}</span>
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 sm:hidden" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-3 hidden gap-2 sm:grid" style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}>
        {steps.map((key, i) => {
          const done = i < current;
          const isCurrent = i === current;
          return (
            <li key={key} aria-current={isCurrent ? "step" : undefined} className="flex flex-col gap-2">
              <span aria-hidden="true" className={`h-1.5 rounded-full ${done || isCurrent ? "bg-brand-700" : "bg-slate-200"}`} />
              <span
                className={`flex min-w-0 items-start gap-2 text-sm leading-6 break-words hyphens-auto ${isCurrent ? "font-semibold text-slate-900" : "text-slate-700"}`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${done ? "bg-brand-700 text-white" : isCurrent ? "border-2 border-brand-700 text-brand-700" : "border border-slate-400 text-slate-600"}`}
                >
                  {done ? "✓" : i + 1}
                </span>
                {name(key)}
                {done && <span className="sr-only"> {t("common.done")}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <ol className="sr-only sm:hidden">
        {steps.map((key, i) => (
          <li key={key} aria-current={i === current ? "step" : undefined}>
            {name(key)}
            {i < current ? ` ${t("common.done")}` : ""}
          </li>
        ))}
      </ol>
    </nav>
  );
}
