import Link from "next/link";
import type { DeliveryView } from "@/lib/contract/console-views";
import { EmptyState, formatDateTime } from "./page-header";
import type { SimpleFormState } from "./simple-form";
import { focusRing } from "./styles";
import { WebhookReplayButton } from "./webhook-replay-button";
import { DeliveryStatus } from "./webhook-status";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

/** The case (linked) or alert a message is about; `whole`: the full id (wide screens), else cut to fit. */
function Subject({ message, whole }: { message: DeliveryView; whole: boolean }) {
  const fit = whole ? "whitespace-nowrap" : "block truncate";
  if (message.verificationId) {
    return (
      <Link
        href={`/console/cases/${encodeURIComponent(message.verificationId)}`}
        title={message.verificationId}
        className={`${fit} font-mono text-xs text-brand-700 hover:underline ${focusRing}`}
      >
        <span className="sr-only">Case </span>
        {message.verificationId}
      </Link>
    );
  }
  if (message.alertId) return <span className={`${fit} font-mono text-xs text-slate-800`}>Alert {message.alertId}</span>;
  return <span className="text-slate-600">—</span>;
}

const lastResponse = (m: DeliveryView) => (m.lastStatusCode ? `HTTP ${m.lastStatusCode}` : m.attemptCount ? "No answer" : "—");

/** The team's webhook messages of one mode, newest first; small screens fold the other columns under the event. */
export function WebhookMessageTable({ messages, replay }: { messages: DeliveryView[]; replay?: Action }) {
  if (messages.length === 0)
    return (
      <EmptyState title="No webhook messages match">
        They appear here as cases and alerts change, once a webhook endpoint is set.
      </EmptyState>
    );
  const th = "px-4 py-3 font-semibold";
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm" data-testid="webhook-messages">
        <caption className="sr-only">Webhook messages, newest first</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className={th}>
              Event
            </th>
            <th scope="col" className={`hidden ${th} sm:table-cell`}>
              Status
            </th>
            <th scope="col" className={`hidden ${th} md:table-cell`}>
              Case or alert
            </th>
            <th scope="col" className={`hidden ${th} sm:table-cell`}>
              Attempts
            </th>
            <th scope="col" className={`hidden ${th} lg:table-cell`}>
              Last response
            </th>
            <th scope="col" className={`hidden ${th} lg:table-cell`}>
              Created
            </th>
            {replay ? (
              <th scope="col" className={`${th} text-right`}>
                <span className="sr-only">Replay</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {messages.map((m) => (
            <tr key={m.id} data-message-id={m.id} className="align-top">
              <td className="w-full max-w-0 px-4 py-3 md:w-auto md:max-w-none">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{m.event}</span>
                  <span className="sm:hidden">
                    <DeliveryStatus status={m.status} />
                  </span>
                </span>
                <span className="block truncate font-mono text-xs text-slate-600" title={m.id}>
                  {m.id}
                </span>
                {/* What the hidden columns say, for narrow screens. */}
                <span className="mt-1 block md:hidden">
                  <Subject message={m} whole={false} />
                </span>
                <span className="block text-xs text-slate-700 lg:hidden">
                  {formatDateTime(m.createdAt)}
                  <span className="sm:hidden">
                    {" "}
                    · {m.attemptCount} attempt{m.attemptCount === 1 ? "" : "s"}
                  </span>
                  {" · "}
                  {lastResponse(m)}
                  {m.replayCount ? <span className="sm:hidden"> · replayed {m.replayCount}×</span> : null}
                  {m.nextAttemptAt ? <span className="sm:hidden"> · next try {formatDateTime(m.nextAttemptAt)}</span> : null}
                </span>
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <DeliveryStatus status={m.status} />
                {m.replayCount ? <span className="mt-1 block text-xs text-slate-700">replayed {m.replayCount}×</span> : null}
                {m.nextAttemptAt ? (
                  <span className="mt-1 block whitespace-nowrap text-xs text-slate-700">next try {formatDateTime(m.nextAttemptAt)}</span>
                ) : null}
              </td>
              <td className="hidden px-4 py-3 md:table-cell">
                <Subject message={m} whole />
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">{m.attemptCount}</td>
              <td className="hidden px-4 py-3 lg:table-cell" title={m.lastError ?? undefined}>
                {lastResponse(m)}
              </td>
              <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 lg:table-cell">{formatDateTime(m.createdAt)}</td>
              {replay ? (
                <td className="px-4 py-3 text-right">
                  <WebhookReplayButton action={replay} messageId={m.id} event={m.event} sending={m.status === "delivering"} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
