import type { DeliveryView } from "@/lib/contract/console-views";
import { formatDateTime } from "./page-header";
import { buttonSecondary, cardClass } from "./styles";
import { DeliveryStatus } from "./webhook-status";

/** The case's webhook messages: status, attempts and (for members who may) a replay button. */
export function CaseDeliveries({ deliveries, replay }: { deliveries: DeliveryView[]; replay?: (formData: FormData) => Promise<void> }) {
  if (deliveries.length === 0)
    return <p className="text-sm text-slate-700">No webhook messages for this case (no endpoint was set when it changed).</p>;
  return (
    <ul className="space-y-3" data-testid="deliveries">
      {deliveries.map((d) => (
        <li key={d.id} className={`${cardClass} p-4`}>
          <div className="flex items-start justify-between gap-2">
            <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold text-slate-900">{d.event}</span>
              <DeliveryStatus status={d.status} />
              <span className="text-xs text-slate-700">
                {d.attemptCount} attempt{d.attemptCount === 1 ? "" : "s"}
                {d.replayCount ? ` · replayed ${d.replayCount}×` : ""}
              </span>
            </p>
            {replay && d.status !== "delivering" ? (
              <form action={replay} className="shrink-0">
                <input type="hidden" name="messageId" value={d.id} />
                <button type="submit" className={`${buttonSecondary} px-3 py-1.5`}>
                  Replay
                  <span className="sr-only">
                    {" "}
                    {d.event} message {d.id}
                  </span>
                </button>
              </form>
            ) : null}
          </div>
          <p className="mt-1 break-all font-mono text-xs text-slate-600">{d.id}</p>
          {d.nextAttemptAt ? <p className="mt-1 text-xs text-slate-700">Next attempt {formatDateTime(d.nextAttemptAt)}</p> : null}
          {d.attempts.length ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">Attempts</summary>
              <ul className="mt-2 space-y-1 text-xs text-slate-800">
                {d.attempts.map((a) => (
                  <li key={a.attempt} className="break-words">
                    #{a.attempt} · {formatDateTime(a.startedAt)} · {a.statusCode ? `HTTP ${a.statusCode}` : "no answer"} · {a.durationMs} ms
                    {a.error ? ` · ${a.error}` : ""}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
